// ETag and Cache-Control for GET answers, and 304 for a matching If-None-Match. Public answers depend
// on nothing but the URL (no cookies, no sessions), so a CDN may keep them.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { replaceResponse } from "./replace-response.ts";

export function etagOf(body: Uint8Array | string): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Content-hashed files never change under their name. */
const IMMUTABLE = /^\/(assets|media\/img|media\/lib)\//;
const STATIC_MAX_AGE = 86_400;

export function caching({ apiMaxAge, pageMaxAge }: { apiMaxAge: number; pageMaxAge: number }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      c.res.headers.set("cache-control", "no-store");
      return;
    }
    const res = c.res;
    if (res.status === 200 && IMMUTABLE.test(c.req.path)) {
      res.headers.set("cache-control", "public, max-age=31536000, immutable");
    } else if (!res.headers.has("cache-control")) {
      const type = res.headers.get("content-type") ?? "";
      const isFile = !type.startsWith("application/json") && !type.startsWith("text/html") && !type.startsWith("text/plain");
      const isPage = (res.headers.get("content-type") ?? "").startsWith("text/html");
      const maxAge = res.status === 200 ? (isPage ? pageMaxAge : isFile ? STATIC_MAX_AGE : apiMaxAge) : 0;
      res.headers.set("cache-control", maxAge ? `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 10}` : "no-cache");
    }
    if (res.status !== 200) return;
    // Answers that carry their own tag (cached pages) are not read again.
    if (!res.headers.has("etag") && res.body) {
      const body = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      headers.set("etag", etagOf(body));
      replaceResponse(c, new Response(body, { status: res.status, headers }));
    }
    // An answer without a body has no tag to match.
    const etag = c.res.headers.get("etag");
    const wanted = c.req.header("if-none-match");
    // Compression appends the encoding to the tag later; compare on the tag it came from.
    if (etag && wanted?.split(",").some((t) => t.trim().replace(/-(br|gzip)"$/, '"') === etag)) {
      replaceResponse(c, new Response(null, { status: 304, headers: c.res.headers }));
    }
  };
}
