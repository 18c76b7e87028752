// Where the content's pictures come from. A library photograph (a `picture` the item names) comes from the
// media library; the seed's own library files (content/media/library/) are taken into it on first use, by
// the same checks as an upload. Otherwise an editor's photograph in content/media/photos/<key>.(jpg|png|webp)
// wins, else the generated illustration for the motif. The result says which it is, since an illustration
// is described differently from a photograph.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { illustrate } from "../media/illustrate.ts";
import { siteImages } from "../media/site-images.ts";
import type { MediaLibrary } from "../media/library.ts";
import type { ImageSource } from "./load.ts";

/** Where pictures are read and written: the content folder, this machine's encoding cache, the media library. */
export type PictureStores = { contentDir: string; mediaDir: string; library: MediaLibrary };

export function contentImages({ contentDir, mediaDir, library }: PictureStores): ImageSource {
  const site = siteImages(library.store, mediaDir);
  return async ({ key, motif, picture }) => {
    if (picture) {
      const seed = join(contentDir, "media", "library", picture.file);
      if (existsSync(seed)) await library.importFile(picture.file, () => readFileSync(seed));
      return { ...(await library.image(picture.file)), photograph: true, picture };
    }
    const photo = ["jpg", "jpeg", "png", "webp", "avif"]
      .map((ext) => join(contentDir, "media", "photos", `${key}.${ext}`))
      .find(existsSync);
    const source = photo ? readFileSync(photo) : Buffer.from(illustrate(motif, key));
    return { ...(await site.image(source, key)), photograph: !!photo };
  };
}
