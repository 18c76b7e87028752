// Which Host a request may name. Pages, their data, the sitemap and robots.txt write absolute links, and are
// kept by address in the page cache (and by a CDN): had they been written from a request's own Host, one
// request naming evil.example would hand every later visitor links to it until the next publish. So the links
// come from the configured origin only, and a request for another host is refused (421) before any cache.
import type { MiddlewareHandler } from "hono";

/** The names of this machine's loopback address, which `npm start` and the tests reach the site by. */
export const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1"];

/** The site's origin, from configuration only: PUBLIC_ORIGIN, else the address the server listens on. */
export function siteOrigin(env: { PUBLIC_ORIGIN?: string; HOST: string; PORT: number }): string {
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin;
  const host = env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  return new URL(`http://${host}:${env.PORT}`).origin;
}

/** The Host values the site answers: its origin's, and on a loopback address that address's other names. */
export function allowedHosts(origin: string): Set<string> {
  const { host, hostname, port } = new URL(origin);
  const hosts = new Set([host]);
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (LOOPBACK_HOSTS.includes(bare))
    for (const name of LOOPBACK_HOSTS) hosts.add(`${name.includes(":") ? `[${name}]` : name}${port ? `:${port}` : ""}`);
  return hosts;
}

/** 421 Misdirected Request for a Host the site does not answer (RFC 9110 15.5.20), never cached. */
export function onlyAllowedHosts(hosts: Set<string>): MiddlewareHandler {
  const [site] = hosts;
  return async (c, next) => {
    if (hosts.has((c.req.header("host") ?? "").toLowerCase())) return next();
    return c.text(`This server answers only for ${site}.`, 421, { "cache-control": "no-store" });
  };
}
