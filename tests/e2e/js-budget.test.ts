// The JavaScript budget of the home page: what a first visit downloads (script and modulepreload responses,
// brotli-compressed as the server sends them) stays within 120 kB, so mobile visitors on slow networks get an
// interactive page quickly. `npm run bench -- lighthouse` reports the same figure next to Lighthouse's.
import { describe, expect, it } from "vitest";
import { compressBody } from "../../server/http/compression.ts";
import { javascriptBytes } from "../../bench/lib/lighthouse-run.ts";
import { baseURL } from "./browser.ts";

const BUDGET_BYTES = 120_000;

describe("JavaScript budget", () => {
  it.each(["/", "/ar"])("the home page %s loads at most 120 kB of compressed JavaScript", async (path) => {
    const { bytes, scripts } = await javascriptBytes(baseURL(), path);
    expect(scripts.length).toBeGreaterThan(0);
    const largest = [...scripts].sort((a, b) => b.bytes - a.bytes).slice(0, 5).map((s) => `${s.url} ${s.bytes} B`).join(", ");
    expect(bytes, `largest scripts: ${largest}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

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
});
