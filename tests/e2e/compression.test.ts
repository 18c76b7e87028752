// What a slow network is spared: scripts compressed once at build time at the best level, and cached pages
// compressed again at the best level once they have stayed kept for two seconds (decisions 011, 023).
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { javascriptBytes, transferredBodyBytes } from "../../harness/page-weight.ts";
import { compressBody } from "../../server/http/compression.ts";
import { baseURL } from "./browser.ts";

/** The body as sent, its size on the wire and its decoded text. */
async function sent(url: string) {
  const { encoding, bytes, body } = await transferredBodyBytes(url);
  return { encoding, sentBytes: bytes, text: (encoding === "br" ? brotliDecompressSync(body) : body).toString("utf8") };
}

describe("compression", () => {
  it("sends the scripts compressed at build time: smaller than request-time compression, and the same code", async () => {
    const { scripts } = await javascriptBytes(baseURL(), "/");
    const largest = [...scripts].sort((a, b) => b.bytes - a.bytes)[0]!;
    const url = new URL(largest.url, baseURL()).href;
    const [plain, br] = await Promise.all([fetch(url, { headers: { "accept-encoding": "identity" } }), sent(url)]);
    const source = new Uint8Array(await plain.arrayBuffer());
    expect(br.encoding).toBe("br");
    expect(br.text).toBe(Buffer.from(source).toString("utf8"));
    expect(br.sentBytes).toBeGreaterThan(0);
    expect(br.sentBytes).toBeLessThan(compressBody(source, "br").length);
  });

  it("sends a cached page at brotli's best level once it has stayed kept a moment, with the same content", async () => {
    // A query string of its own makes this page a cold cache entry.
    const url = `${baseURL()}/ar/about?compression=${Date.now()}`;
    const first = await sent(url);
    expect(first.encoding).toBe("br");
    expect(first.sentBytes).toBeGreaterThan(0);
    let later = await sent(url);
    for (let i = 0; i < 50 && later.sentBytes >= first.sentBytes; i++) {
      await new Promise((r) => setTimeout(r, 100));
      later = await sent(url);
    }
    expect(later.sentBytes).toBeLessThan(first.sentBytes);
    expect(later.text).toBe(first.text);
  });
});
