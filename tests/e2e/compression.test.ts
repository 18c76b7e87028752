// What a slow network is spared: scripts compressed once at build time at the best level, and cached pages
// compressed again at the best level once their first answer is out (decision 011).
import { describe, expect, it } from "vitest";
import { javascriptBytes } from "../../bench/lib/lighthouse-run.ts";
import { compressBody } from "../../server/http/compression.ts";
import { baseURL } from "./browser.ts";

/** The body as sent (fetch decodes it) and its size on the wire. */
async function fetchBrotli(url: string) {
  const res = await fetch(url, { headers: { "accept-encoding": "br" } });
  return { encoding: res.headers.get("content-encoding"), sentBytes: Number(res.headers.get("content-length")), text: await res.text() };
}

describe("compression", () => {
  it("sends the scripts compressed at build time: smaller than request-time compression, and the same code", async () => {
    const { scripts } = await javascriptBytes(baseURL(), "/");
    const largest = [...scripts].sort((a, b) => b.bytes - a.bytes)[0]!;
    const url = new URL(largest.url, baseURL()).href;
    const [plain, br] = await Promise.all([
      fetch(url, { headers: { "accept-encoding": "identity" } }),
      fetch(url, { headers: { "accept-encoding": "br" } }),
    ]);
    expect(br.headers.get("content-encoding")).toBe("br");
    const source = new Uint8Array(await plain.arrayBuffer());
    // fetch decodes the body; the bytes sent are the content-length.
    const decoded = new Uint8Array(await br.arrayBuffer());
    expect(Buffer.from(decoded).equals(Buffer.from(source))).toBe(true);
    const sentBytes = Number(br.headers.get("content-length"));
    expect(sentBytes).toBeGreaterThan(0);
    expect(sentBytes).toBeLessThan(compressBody(source, "br").length);
  });

  it("sends a cached page at brotli's best level once its first answer is out, with the same content", async () => {
    // A query string of its own makes this page a cold cache entry.
    const url = `${baseURL()}/ar/about?compression=${Date.now()}`;
    const first = await fetchBrotli(url);
    expect(first.encoding).toBe("br");
    expect(first.sentBytes).toBeGreaterThan(0);
    let later = await fetchBrotli(url);
    for (let i = 0; i < 50 && later.sentBytes >= first.sentBytes; i++) {
      await new Promise((r) => setTimeout(r, 100));
      later = await fetchBrotli(url);
    }
    expect(later.sentBytes).toBeLessThan(first.sentBytes);
    expect(later.text).toBe(first.text);
  });
});
