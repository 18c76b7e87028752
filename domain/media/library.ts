// The media library: the photographs and videos the ministry uploads, kept in the media store (store.ts).
// An upload is checked by its bytes, never by its name. A photograph is re-encoded through the image
// pipeline before anything of it is served; its original (with whatever EXIF and GPS it carried) never is.
// A video and its captions files are served as they were checked (video.ts, captions.ts).
import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { UPLOAD_LIMITS } from "../../shared/limits.ts";
import { encodeImage, type EncodedImage, type ProcessedImage } from "./pipeline.ts";
import { type MediaStore, servedFrom } from "./store.ts";
import { checkSize, UploadError } from "./upload-error.ts";
import { inspectVideo, type VideoFacts } from "./video.ts";
import { checkCaptions } from "./captions.ts";
import { LIBRARY_URL_PREFIX } from "./urls.ts";

const IMAGE_TYPES = new Set(["jpg", "png", "webp", "avif"]);
const isImageFile = (file: string) => IMAGE_TYPES.has(file.slice(file.lastIndexOf(".") + 1));
/** Where a library file's own bytes are kept: a photograph's original apart, a video's where it is served. */
const keyOf = (file: string) => (isImageFile(file) ? `library/${file}` : `video/${file}`);

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
  checkSize(bytes, UPLOAD_LIMITS.imageBytes);
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

const isServed = (key: string) => (key.startsWith("img/") && !key.endsWith(".json")) || key.startsWith("video/");

export function mediaLibrary(store: MediaStore) {
  // Library files never change under their name, so their variants' description is kept once read.
  const known = new Map<string, ProcessedImage>();
  const manifestKey = (file: string) => `img/${file}.json`;
  /** A photograph's description (its variants), as stored beside them; undefined when it has none yet. */
  const manifestOf = async (file: string): Promise<ProcessedImage | undefined> => {
    const stored = await store.get(manifestKey(file));
    return stored && (JSON.parse(Buffer.from(stored.body).toString("utf8")) as ProcessedImage);
  };

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
        await store.put(keyOf(file), bytes);
        return { file, image: await storeEncoded(file, encoded) };
      } catch (error) {
        await this.remove(file);
        throw error;
      }
    },

    /** Takes a video into the library, checked (video.ts) and kept as it is. Returns its file name and facts. */
    async addVideo(slug: string, bytes: Uint8Array): Promise<{ file: string; facts: VideoFacts }> {
      const facts = await inspectVideo(bytes);
      const file = libraryName(slug, bytes, facts.ext);
      await store.put(keyOf(file), bytes);
      return { file, facts };
    },

    /** Takes a video's captions in one language, checked against the video's length. Returns the file name. */
    async addCaptions(slug: string, language: string, bytes: Uint8Array, videoSeconds: number): Promise<string> {
      const kept = checkCaptions(bytes, videoSeconds).bytes;
      const file = libraryName(`${slug}-${language}`, kept, "vtt");
      await store.put(keyOf(file), kept);
      return file;
    },

    /**
     * Puts a file of a content folder (content/media/library/, an export's) into the store under its own name,
     * unless it is there, by the same checks as an upload. `source`: its bytes, or how to read them (read only
     * when the store lacks the file: every publish of a place asks for its photographs). `seconds`: a captions
     * file's video's length.
     */
    async importFile(file: string, source: Uint8Array | (() => Uint8Array), seconds = Number.POSITIVE_INFINITY): Promise<void> {
      if ((await store.size(keyOf(file))) !== undefined) return;
      const bytes = typeof source === "function" ? source() : source;
      let kept = bytes;
      if (isImageFile(file)) await checkImage(bytes);
      else if (file.endsWith(".vtt")) kept = checkCaptions(bytes, seconds).bytes;
      else await inspectVideo(bytes);
      await store.put(keyOf(file), kept);
    },

    /** A library file's own bytes (an export takes them with the content). */
    async original(file: string) {
      return store.get(keyOf(file));
    },

    /** A library photograph's variants, encoded the first time they are asked for. */
    async image(file: string): Promise<ProcessedImage> {
      const memo = known.get(file);
      if (memo) return memo;
      const described = await manifestOf(file);
      if (described) {
        known.set(file, described);
        return described;
      }
      const original = await store.get(keyOf(file));
      if (!original) throw new Error(`the media library has no file ${file}`);
      return storeEncoded(file, await encode(file, original.body));
    },

    /** Deletes a file and everything made from it. The caller has checked that nothing shows it. */
    async remove(file: string): Promise<void> {
      const image = await manifestOf(file);
      if (image) {
        for (const v of image.variants) await store.delete(`img/${v.src.slice(v.src.lastIndexOf("/") + 1)}`);
        await store.delete(manifestKey(file));
      }
      await store.delete(keyOf(file));
      known.delete(file);
    },

    /**
     * A served file by its URL path under LIBRARY_URL_PREFIX (a variant, a video, captions), or the part of it
     * a range asks for; never an original or a description. `size` says whether it is there, and how long.
     */
    served: servedFrom(store, "", isServed),
  };
}
export type MediaLibrary = ReturnType<typeof mediaLibrary>;
