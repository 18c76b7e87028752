// The JavaScript budget of the home page: what a first visit downloads (script and modulepreload responses,
// brotli-compressed as the server sends them) stays within 120 kB, so mobile visitors on slow networks get an
// interactive page quickly. `npm run bench -- lighthouse` reports the same figure next to Lighthouse's.
import { describe, expect, it } from "vitest";
import { javascriptBytes } from "../../harness/page-weight.ts";
import { baseURL, useBrowser } from "./browser.ts";

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

describe("the map's script", () => {
  it("is loaded by the map page, and not by the home page or a place's page", async () => {
    const mapChunk = (scripts: { url: string }[]) => scripts.filter((s) => /\/assets\/(CountryMap|map)-[\w-]+\.js$/.test(s.url));
    expect(mapChunk((await javascriptBytes(baseURL(), "/map")).scripts)).toHaveLength(2);
    expect(mapChunk((await javascriptBytes(baseURL(), "/")).scripts)).toEqual([]);
    expect(mapChunk((await javascriptBytes(baseURL(), "/ar/plan")).scripts)).toEqual([]);
  });
});

describe("the scripts' turn", () => {
  const { open } = useBrowser();
  it.each(["/", "/ar"])(
    "%s: the page's picture loads at high priority, its scripts only after the page has loaded, and it hydrates",
    async (path) => {
      const page = await open(path);
      const timing = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) =>
          /\/assets\/.+\.js$/.test(new URL(r.name).pathname),
        );
        const img = document.querySelector<HTMLImageElement>("main img");
        return {
          loaded: navigation!.loadEventStart,
          scriptStarts: scripts.map((s) => s.startTime),
          picture: img ? new URL(img.currentSrc).pathname : "",
        };
      });
      expect(timing.scriptStarts.length).toBeGreaterThan(2);
      expect(timing.scriptStarts.filter((t) => t < timing.loaded)).toEqual([]);
      // The same page again, watched by Chromium's network domain: the picture's fetch priority.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const priorities = new Map<string, string>();
      cdp.on("Network.requestWillBeSent", (e) => priorities.set(new URL(e.request.url).pathname, e.request.initialPriority));
      await page.reload({ waitUntil: "load" });
      await page.waitForSelector("html[data-hydrated]", { state: "attached" });
      expect(priorities.get(timing.picture)).toMatch(/High/);
    },
  );
});
