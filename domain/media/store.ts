// Where the media library's files live: the uploaded originals, their image variants, videos and captions.
// One interface, two places: a folder on this machine (the default), or an S3-compatible bucket, which lets
// several instances share every upload (MEDIA_S3_*, see s3-store.ts). Keys are relative paths
// ("library/palmyra-ruins.jpg", "img/palmyra-ruins.3f2a….960.webp"); every key names immutable bytes.
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, relative, sep } from "node:path";

/** Bytes `start` to `end`, both included (as an HTTP range says them). */
export type ByteRange = { start: number; end: number };
/** A stored file, or the range of it asked for; `size` is the whole file's. */
type StoredFile = { body: Uint8Array; type: string; size: number };

export interface MediaStore {
  /** What kind of store this is, for the logs: "disk" or "s3". */
  readonly kind: string;
  /** Stores bytes under a key; the content type follows from the key's extension (typeOfKey). */
  put(key: string, body: Uint8Array): Promise<void>;
  /** The file, or only the bytes of `range` (a video is played by ranges); undefined when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** The file's length in bytes, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
  /** Every key the store holds that starts with `prefix` (a backup copies them all), in order. */
  list(prefix?: string): Promise<string[]>;
}

/** A store's files as URLs under one prefix name them: read whole or by range, and found only when served. */
export type ServedFiles = {
  size(path: string): Promise<number | undefined>;
  get(path: string, range?: ByteRange): Promise<StoredFile | undefined>;
};

/**
 * The files under `keyPrefix` as a URL's path names them (the path after its own prefix); `serves` says
 * which keys are ever served (never an original, never a description).
 */
export function servedFrom(store: MediaStore, keyPrefix: string, serves: (key: string) => boolean = () => true): ServedFiles {
  const keyOf = (path: string) => (serves(keyPrefix + path) ? keyPrefix + path : undefined);
  return {
    size: (path) => {
      const key = keyOf(path);
      return key ? store.size(key) : Promise.resolve(undefined);
    },
    get: (path, range) => {
      const key = keyOf(path);
      return key ? store.get(key, range) : Promise.resolve(undefined);
    },
  };
}

/** The content type of a stored file, by its extension (the store keeps bytes, not headers, on disk). */
export function typeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return MEDIA_TYPES[ext] ?? "application/octet-stream";
}
const MEDIA_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  json: "application/json",
  webm: "video/webm",
  mp4: "video/mp4",
  vtt: "text/vtt; charset=utf-8",
  // An earlier build's scripts and stylesheets (server/build-assets.ts).
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

/** A key is a relative path of safe names: never absolute, never climbing out of the store. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.split("/").some((part) => part.startsWith(".."));
}

/** The key itself, when it is safe (isSafeKey); a store never touches another. */
export function checked(key: string): string {
  if (!isSafeKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

export function diskStore(root: string): MediaStore {
  const path = (key: string) => {
    const full = normalize(join(root, checked(key)));
    if (!full.startsWith(normalize(root) + sep)) throw new Error(`not a media key: ${key}`);
    return full;
  };
  return {
    kind: "disk",
    async put(key, body) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      // Written beside, then renamed: a reader (or a crash) never meets half a file.
      const partial = `${file}.${randomUUID()}.part`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key, range) {
      try {
        if (!range) {
          const body = await readFile(path(key));
          return { body, type: typeOfKey(key), size: body.length };
        }
        const file = await open(path(key));
        try {
          const { size } = await file.stat();
          const body = Buffer.alloc(Math.max(0, Math.min(range.end, size - 1) - range.start + 1));
          await file.read(body, 0, body.length, range.start);
          return { body, type: typeOfKey(key), size };
        } finally {
          await file.close();
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async size(key) {
      return stat(path(key)).then(
        (s) => s.size,
        () => undefined,
      );
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
    async list(prefix = "") {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      // A file still being written (its .part) is not a file of the store yet.
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith(".part"))
        .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join("/"))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
  };
}
