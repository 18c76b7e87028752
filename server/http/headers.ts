// Security headers on every answer. Pages get a Content-Security-Policy allowing their own inline scripts by
// hash (server/pages.ts); everything else gets the strictest policy, since JSON and files run no script.
import type { MiddlewareHandler } from "hono";

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The policy of a page; its inline scripts are allowed by hash, and what they load by 'strict-dynamic'. */
export function pageCsp(scriptHashes: string[], frameHosts: readonly string[], imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")} 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // blob: for the panorama viewer, which hands the decoded panorama to WebGL through an object URL.
    // and the map's tile source, when one is configured on the ministry's domain (MAP_TILES_URL).
    `img-src 'self' data: blob:${imageOrigins.map((o) => ` ${o}`).join("")}`,
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    // Third-party frames only on the visitor's click: YouTube's no-cookie player and allow-listed tour hosts.
    `frame-src https://www.youtube-nocookie.com ${frameHosts.map((h) => `https://${h}`).join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set("strict-transport-security", "max-age=63072000; includeSubDomains; preload");
  h.set("x-content-type-options", "nosniff");
  h.set("referrer-policy", "strict-origin-when-cross-origin");
  h.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()");
  h.set("x-frame-options", "DENY");
  h.set("cross-origin-opener-policy", "same-origin");
  // The open datasets say cross-origin themselves (server/open-data.ts): anyone may build on them.
  if (!h.has("cross-origin-resource-policy")) h.set("cross-origin-resource-policy", "same-origin");
  if (!h.has("content-security-policy")) h.set("content-security-policy", API_CSP);
};
