// The site's own pictures: an editor's photograph in content/media/photos/, or an item's generated
// illustration. They are kept in the media store under site/ (a folder, or the bucket every instance shares),
// so a picture one instance made when it published is served by all of them; they are served at /media/img/.
// Encoding is slow (the whole seed takes over a minute on two cores), so each machine also keeps what it
// encoded in a local folder (MEDIA_DIR): filling a new store, or a second store, encodes nothing again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { imageBase, processImage, type ProcessedImage } from "./pipeline.ts";
import { type MediaStore, servedFrom } from "./store.ts";

export const SITE_IMAGE_URL_PREFIX = "/media/img";
const SITE = "site/";

export function siteImages(store: MediaStore, cacheDir: string) {
  // A picture's description never changes under its name (the name carries a hash of the source).
  const known = new Map<string, ProcessedImage>();
  return {
    /** The picture made from `source`, in the store: encoded (or taken from this machine's cache) the first time. */
    async image(source: Uint8Array, name: string): Promise<ProcessedImage> {
      const manifestKey = `${SITE}${imageBase(source, name)}.json`;
      const memo = known.get(manifestKey);
      if (memo) return memo;
      const stored = await store.get(manifestKey);
      const image = stored
        ? (JSON.parse(Buffer.from(stored.body).toString("utf8")) as ProcessedImage)
        : await processImage(Buffer.from(source), name, { outDir: cacheDir, urlPrefix: SITE_IMAGE_URL_PREFIX });
      if (!stored) {
        for (const v of image.variants) {
          const file = v.src.slice(SITE_IMAGE_URL_PREFIX.length + 1);
          await store.put(`${SITE}${file}`, readFileSync(join(cacheDir, file)));
        }
        // The description last: a picture the store describes has all its files.
        await store.put(manifestKey, Buffer.from(JSON.stringify(image)));
      }
      known.set(manifestKey, image);
      return image;
    },
  };
}
export type SiteImages = ReturnType<typeof siteImages>;

/** The site's pictures as /media/img/<file> serves them, from the store; never a description. */
export const servedSiteImages = (store: MediaStore) => servedFrom(store, SITE, (key) => !key.endsWith(".json"));
