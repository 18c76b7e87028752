// Reads the content folder and loads it: used by `npm run content:load` and by the server on an empty database.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "../../db/engine.ts";
import { readContent } from "./files.ts";
import { checkContent } from "./checks.ts";
import { readMediaManifest } from "./media-manifest.ts";
import { contentImages, type MediaPlaces } from "./images.ts";
import type { LoadReport } from "./load.ts";
import { loadContent } from "./publishing.ts";
import { ContentError } from "./files.ts";

export async function loadContentFolder(handle: DatabaseHandle, places: MediaPlaces): Promise<LoadReport> {
  const { contentDir } = places;
  const files = readContent(contentDir);
  const problems = checkContent(files);
  if (problems.length) throw new ContentError(problems);
  // The library's videos and captions come with the folder (an export's media/library/), checked as uploads.
  for (const v of files.videos)
    for (const file of [v.file, ...v.captions.map((c) => c.file)])
      await places.library.importFile(file, readFileSync(join(contentDir, "media", "library", file)), v.seconds);
  return loadContent(handle, files, {
    image: contentImages(places),
    manifest: readMediaManifest(join(contentDir, "media.yaml")),
  });
}
