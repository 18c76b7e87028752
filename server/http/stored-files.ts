// Files answered from the media store (a folder, or the bucket every instance shares): the library's
// variants, videos and captions, and the site's own pictures. A video is played by ranges, so a range is
// answered with those bytes only; only then is the file's size asked first (a range may count from its end),
// otherwise the store is read once. Every name is immutable (the caching middleware says so).
import type { Context } from "hono";
import { isSafeKey, type ServedFiles } from "../../domain/media/store.ts";
import { byteRange } from "./byte-range.ts";

/** Answers GET `${prefix}/<path>` from `files`. */
export function storedFiles(prefix: string, files: ServedFiles) {
  return async (c: Context) => {
    const path = c.req.path.slice(prefix.length + 1);
    if (!isSafeKey(path)) return c.text("Not found", 404);
    const asked = c.req.header("range");
    const size = asked ? await files.size(path) : undefined;
    const range = size === undefined ? undefined : byteRange(asked, size);
    if (range === "unsatisfiable") return c.body(null, 416, { "content-range": `bytes */${size}` });
    const file = await files.get(path, range);
    if (!file) return c.text("Not found", 404);
    const headers = { "content-type": file.type, "accept-ranges": "bytes" };
    if (!range) return c.body(file.body as Uint8Array<ArrayBuffer>, 200, headers);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 206, {
      ...headers,
      "content-range": `bytes ${range.start}-${range.start + file.body.length - 1}/${file.size}`,
      "cache-control": "public, max-age=31536000, immutable",
    });
  };
}
