// What a page costs on the wire: body sizes as sent (compressed), and the JavaScript a page makes the browser
// download. Used by the bench's Lighthouse part and by the end-to-end budget and compression tests.
import { request } from "node:http";
import { request as requestTLS } from "node:https";
import { deferredModules } from "../server/http/deferred-scripts.ts";

/** The body size of a GET as sent on the wire (before decompression), with the browser's Accept-Encoding. */
export function transferredBodyBytes(
  url: string,
  timeoutMs = 10_000,
): Promise<{ status: number; bytes: number; body: Buffer; encoding?: string }> {
  const send = url.startsWith("https:") ? requestTLS : request;
  return new Promise((resolve, reject) => {
    const req = send(url, { headers: { "accept-encoding": "br, gzip", accept: "*/*" }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body, encoding: res.headers["content-encoding"] });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timed out: ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * The JavaScript a page makes the browser download, compressed as sent with Accept-Encoding br: the page's
 * `<script src>`, `<link rel="modulepreload">` and the modules its loader asks for at `load`
 * (server/http/deferred-scripts.ts), each counted once. It is what Lighthouse counts for a page whose code
 * is all preloaded (every module of the matched routes); the bench reports both figures so a gap (a script
 * fetched only after hydration) shows.
 */
export async function javascriptBytes(
  baseURL: string,
  path: string,
): Promise<{ bytes: number; scripts: { url: string; bytes: number }[] }> {
  const pageURL = new URL(path, baseURL);
  const html = await fetch(pageURL, { headers: { accept: "text/html" } }).then((r) => r.text());
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const src = tag.match(isScript ? /\bsrc=["']([^"']+)["']/i : /\bhref=["']([^"']+)["']/i)?.[1];
    if (src) urls.add(new URL(src.replace(/&amp;/g, "&"), pageURL).href);
  }
  for (const src of deferredModules(html)) urls.add(new URL(src, pageURL).href);
  // A hundred scripts is far more than any page of the site loads: stop there rather than loop on a bad page.
  const scripts: { url: string; bytes: number }[] = [];
  for (const url of [...urls].slice(0, 100)) {
    const { status, bytes } = await transferredBodyBytes(url);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    scripts.push({ url: new URL(url).pathname, bytes });
  }
  return { bytes: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts };
}
