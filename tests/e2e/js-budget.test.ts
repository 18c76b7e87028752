// The JavaScript budget of the home page: what a first visit downloads (script and modulepreload responses,
// brotli-compressed as the server sends them) stays within 120 kB, so mobile visitors on slow networks get an
// interactive page quickly. `npm run bench -- lighthouse` reports the same figure next to Lighthouse's.
import { describe, expect, it } from "vitest";
import { javascriptBytes } from "../../harness/page-weight.ts";
import { baseURL } from "./browser.ts";

const BUDGET_BYTES = 120_000;

describe("JavaScript budget", () => {
  it.each(["/", "/ar"])("the home page %s loads at most 120 kB of compressed JavaScript", async (path) => {
    const { bytes, scripts } = await javascriptBytes(baseURL(), path);
    expect(scripts.length).toBeGreaterThan(0);
    const largest = [...scripts]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((s) => `${s.url} ${s.bytes} B`)
      .join(", ");
    expect(bytes, `largest scripts: ${largest}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
