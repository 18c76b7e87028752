// Brotli or gzip for text answers. Bodies here are small, so they are compressed whole; that also lets
// the ETag describe exactly the bytes sent.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import Negotiator from "negotiator";
import { replaceResponse } from "./replace-response.ts";

/** Below this a compressed body saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Ours in order of preference: brotli is smaller, gzip is understood everywhere, identity is always there. */
const ENCODINGS = ["br", "gzip", "identity"];

/**
 * The encoding to send, read with q-values (RFC 9110 §12.5.3): q=0 refuses an encoding, "*" stands for
 * every one not named, and among equals our order wins. No header, or only identity acceptable: none.
 */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const best = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encodings(ENCODINGS, { preferred: ENCODINGS })[0];
  return best === "br" || best === "gzip" ? best : undefined;
}

/**
 * Hands the negotiated encoding to the static file server, which matches Accept-Encoding tokens literally
 * (it would send brotli for "br;q=0.5, gzip;q=0" as nothing, and nothing for "*"), so that built scripts
 * and the other answers follow the same rule.
 */
export const negotiatedAcceptEncoding: MiddlewareHandler = async (c, next) => {
  c.req.raw.headers.set("accept-encoding", pickEncoding(c.req.header("accept-encoding")) ?? "identity");
  await next();
};

/**
 * Brotli's settings for a body: the window fitted to it, since a window as large as the body finds every
 * match there is, and the default (4 MB, with hash tables to match) made each answer allocate megabytes the
 * allocator then kept.
 */
function brotliParams(quality: number, length: number) {
  const window = fittedWindowBits(length, constants.BROTLI_MIN_WINDOW_BITS, constants.BROTLI_MAX_WINDOW_BITS);
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
      [constants.BROTLI_PARAM_LGWIN]: window,
    },
  };
}

/** The smallest window (in bits, within an encoder's bounds) that holds the whole body. */
const fittedWindowBits = (length: number, min: number, max: number) => Math.min(max, Math.max(min, Math.ceil(Math.log2(length + 1))));

/**
 * gzip's settings for a body compressed on a request's path: the window fitted to the body, and a memory level
 * of 7. With zlib's defaults (a 32 kB window, level 8) every body allocated a 64 kB window and two 64 kB tables,
 * each its own mapping at the mapping threshold (server/runtime.ts), and a 5 kB search answer took 0.6 ms to
 * compress instead of 0.04 ms, at the same size. Many HTTP clients ask for gzip only (Node's fetch, and OkHttp,
 * Android's usual client), so every answer they were sent paid that.
 */
const gzipParams = (length: number) => ({ level: 6, memLevel: 7, windowBits: fittedWindowBits(length, 9, 15) });

/**
 * Brotli's quality for a body compressed on a request's path. Quality 1 only needs small tables: from quality
 * 2 up, brotli allocates hash tables of hundreds of kB for every body, each its own mapping (MALLOC_MMAP_THRESHOLD_,
 * server/runtime.ts) that the kernel hands out zeroed and takes back, and a 10 kB search answer took 1 to
 * 2 ms instead of 0.35 (quality 5 made it 15% smaller). An answer asked again is made again at the best level
 * (answer-cache.ts), so only answers asked once are sent this way.
 */
const QUICK_QUALITY = 1;

export function compressBody(body: Uint8Array, encoding: "br" | "gzip"): Uint8Array<ArrayBuffer> {
  const out =
    encoding === "br" ? brotliCompressSync(body, brotliParams(QUICK_QUALITY, body.length)) : gzipSync(body, gzipParams(body.length));
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The smallest body each encoding makes, for bytes sent many times (built scripts, cached pages): about 0.2 s
 * of CPU for a page, so it runs in zlib's thread pool, never on a request's path.
 */
export async function compressBest(body: Uint8Array, encoding: "br" | "gzip"): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === "br"
      ? await brotliAsync(body, brotliParams(constants.BROTLI_MAX_QUALITY, body.length))
      : await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

export const compression: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get("content-type") ?? "";
  // Headers first: touching res.body turns the server's light response into a full stream.
  if (res.headers.has("content-encoding") || !COMPRESSIBLE.test(type) || c.req.method === "HEAD" || !res.body) return;
  const encoding = pickEncoding(c.req.header("accept-encoding"));
  res.headers.append("vary", "Accept-Encoding");
  if (!encoding) return;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.length < MIN_COMPRESS_BYTES) {
    replaceResponse(c, new Response(body, res));
    return;
  }
  const headers = new Headers(res.headers);
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  const etag = headers.get("etag");
  if (etag) headers.set("etag", etag.replace(/"$/, `-${encoding}"`));
  replaceResponse(c, new Response(compressBody(body, encoding), { status: res.status, headers }));
};
