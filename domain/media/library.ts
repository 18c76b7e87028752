// The media library: the photographs the ministry uploads, kept in the media store (store.ts). An
// upload is checked by its bytes, never by its name, and a photograph is re-encoded through the image
// pipeline before anything of it is served; its original (with whatever EXIF and GPS it carried) never is.
import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { UPLOAD_LIMITS } from "../../shared/limits.ts";
import { encodeImage, type EncodedImage, type ProcessedImage } from "./pipeline.ts";
import type { MediaStore } from "./store.ts";
import { UploadError } from "./upload-error.ts";

/** Where the library's served files are: `/media/lib/img/…` (variants); originals are never served. */
export const LIBRARY_URL_PREFIX = "/media/lib";

const IMAGE_TYPES = new Set(["jpg", "png", "webp", "avif"]);

/** The library file name of an upload: its picture's slug, a hash of its bytes, the extension of its real type. */
function libraryName(slug: string, bytes: Uint8Array, ext: string): string {
  return `${slug}.${createHash("sha256").update(bytes).digest("hex").slice(0, 8)}.${ext}`;
}

/**
 * Checks an image by its bytes, before any pixel is decoded: not empty, within the size limit, a JPEG, PNG,
 * WebP or AVIF (SVG, which can carry scripts, has no magic number and is refused), with a readable header
 * and within the pixel limit. Returns its extension. A file damaged further in is found by the one decoding
 * the pipeline does (see addImage).
 */
async function checkImage(bytes: Uint8Array): Promise<string> {
  if (bytes.length === 0) throw new UploadError("empty");
  if (bytes.length > UPLOAD_LIMITS.imageBytes) throw new UploadError("too-large", { mb: UPLOAD_LIMITS.imageBytes / 1024 / 1024 });
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.ext)) throw new UploadError("not-allowed", { type: type?.mime ?? "unknown" });
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new UploadError("unreadable");
    });
  if ((meta.width ?? 0) * (meta.height ?? 0) > UPLOAD_LIMITS.imagePixels)
    throw new UploadError("too-many-pixels", { megapixels: UPLOAD_LIMITS.imagePixels / 1_000_000 });
  return type.ext;
}

export function mediaLibrary(store: MediaStore) {
  // Library files never change under their name, so their variants' description is kept once read.
  const known = new Map<string, ProcessedImage>();
  const manifestKey = (file: string) => `img/${file}.json`;

  const encode = (file: string, original: Uint8Array) =>
    encodeImage(original, file.slice(0, file.indexOf(".")), `${LIBRARY_URL_PREFIX}/img`);
  async function storeEncoded(file: string, { image, files }: EncodedImage): Promise<ProcessedImage> {
    for (const f of files) await store.put(`img/${f.name}`, f.body);
    // The description last: a file the library knows has all its variants.
    await store.put(manifestKey(file), Buffer.from(JSON.stringify(image)));
    known.set(file, image);
    return image;
  }

  return {
    store,

    /**
     * Takes a photograph into the library: checked, encoded (the one decoding of its pixels, which refuses a
     * truncated or corrupt file), and only then stored, the original and its variants. Returns its file name.
     */
    async addImage(slug: string, bytes: Uint8Array): Promise<{ file: string; image: ProcessedImage }> {
      const file = libraryName(slug, bytes, await checkImage(bytes));
      const encoded = await encode(file, bytes).catch(() => {
        throw new UploadError("unreadable");
      });
      try {
        await store.put(`library/${file}`, bytes);
        return { file, image: await storeEncoded(file, encoded) };
      } catch (error) {
        await this.remove(file);
        throw error;
      }
    },

    /** Puts a seed file (content/media/library/) into the store under its own name, unless it is there. */
    async importFile(file: string, bytes: Uint8Array): Promise<void> {
      if (await store.has(`library/${file}`)) return;
      await checkImage(bytes);
      await store.put(`library/${file}`, bytes);
    },

    /** A library photograph's variants, encoded the first time they are asked for. */
    async image(file: string): Promise<ProcessedImage> {
      const memo = known.get(file);
      if (memo) return memo;
      const manifest = await store.get(manifestKey(file));
      if (manifest) {
        const image = JSON.parse(Buffer.from(manifest.body).toString("utf8")) as ProcessedImage;
        known.set(file, image);
        return image;
      }
      const original = await store.get(`library/${file}`);
      if (!original) throw new Error(`the media library has no file ${file}`);
      return storeEncoded(file, await encode(file, original.body));
    },

    /** Deletes a file and everything made from it. The caller has checked that nothing shows it. */
    async remove(file: string): Promise<void> {
      const manifest = await store.get(manifestKey(file));
      if (manifest) {
        const image = JSON.parse(Buffer.from(manifest.body).toString("utf8")) as ProcessedImage;
        for (const v of image.variants) await store.delete(`img/${v.src.slice(v.src.lastIndexOf("/") + 1)}`);
        await store.delete(manifestKey(file));
      }
      await store.delete(`library/${file}`);
      known.delete(file);
    },

    /** A served file (a variant) by its URL path under LIBRARY_URL_PREFIX; never an original or a description. */
    async served(key: string) {
      if (!key.startsWith("img/") || key.endsWith(".json")) return undefined;
      return store.get(key);
    },
  };
}
export type MediaLibrary = ReturnType<typeof mediaLibrary>;
