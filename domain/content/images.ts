// Where the seed pictures come from: an editor's photograph in content/media/photos/<key>.(jpg|png|webp)
// wins; otherwise the generated illustration for the motif. Either way it goes through the pipeline, and
// the result says which it is, since an illustration is described differently from a photograph.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { illustrate, type Motif } from "../media/illustrate.ts";
import { processImage } from "../media/pipeline.ts";
import type { ImageSource } from "./load.ts";

export const MEDIA_URL_PREFIX = "/media/img";

export function contentImages({ contentDir, mediaDir }: { contentDir: string; mediaDir: string }): ImageSource {
  return async (key: string, motif: Motif) => {
    const photo = ["jpg", "jpeg", "png", "webp", "avif"]
      .map((ext) => join(contentDir, "media", "photos", `${key}.${ext}`))
      .find(existsSync);
    const source = photo ? readFileSync(photo) : Buffer.from(illustrate(motif, key));
    return { ...(await processImage(source, key, { outDir: mediaDir, urlPrefix: MEDIA_URL_PREFIX })), photograph: !!photo };
  };
}
