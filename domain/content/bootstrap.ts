// Reads the content folder and loads it: used by `npm run content:load` and by the server on an empty database.
// The place files are read a batch at a time (loading.ts), so a national site's folder loads in bounded memory.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "../../db/engine.ts";
import { describeProblem } from "./checks.ts";
import { ContentError, placeFileBatches, placeFileCount, readContent } from "./files.ts";
import { readMediaManifest } from "./media-manifest.ts";
import { contentImages, type PictureStores } from "./images.ts";
import type { LoadReport } from "./load.ts";
import { type ContentSource, loadSource, type Progress } from "./loading.ts";
import { ContentProblemsError } from "./publishing.ts";

/** Place files read at a time: a batch's files are all a load holds of the places. */
const FOLDER_BATCH = 200;

/** A content folder as a load's source: its files but the places read now, the place files a batch at a time. */
export function folderSource(contentDir: string): ContentSource {
  return {
    site: readContent(contentDir, { places: false }),
    manifest: readMediaManifest(join(contentDir, "media.yaml")),
    places: placeFileCount(contentDir),
    batches: () => placeFileBatches(contentDir, FOLDER_BATCH),
  };
}

export async function loadContentFolder(handle: DatabaseHandle, stores: PictureStores, progress?: Progress): Promise<LoadReport> {
  const { contentDir } = stores;
  const source = folderSource(contentDir);
  // The library's videos and captions come with the folder (an export's media/library/), checked as uploads.
  const importVideos = async () => {
    for (const v of source.site.videos)
      for (const file of [v.file, ...v.captions.map((c) => c.file)])
        await stores.library.importFile(file, () => readFileSync(join(contentDir, "media", "library", file)), v.seconds);
  };
  try {
    return await loadSource(handle, source, { image: contentImages(stores), progress, whenValid: importVideos });
  } catch (error) {
    // The folder's problems, one line each, as `content:check` prints them.
    if (error instanceof ContentProblemsError) throw new ContentError(error.problems.map(describeProblem));
    throw error;
  }
}
