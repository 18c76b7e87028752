// Real loads of the home pages and a city page in Chromium, throttled as Lighthouse's mobile run simulates
// it (562.5 ms round trips, 1.4 Mbit/s down, 4x CPU slowdown) but applied: first paint, largest paint and
// the moment the page is hydrated (React Router running it), as a visitor on slow 4G meets them. Lighthouse
// says nothing of hydration, and its LCP is a model; this is the check that a change helps visitors and not
// only the model (decisions 011 and 021).
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../harness/chromium.ts";
import type { BenchPart } from "../lib/types.ts";
import { spreadText } from "../lib/spread.ts";

const RUNS = 3;
const PAGES = ["/", "/ar", "/cities/1/sites/1", "/ar/cities/1/sites/1"];

type Load = { fcp: number; lcp: number; hydrated: number };

export const loads: BenchPart = async (ctx) => {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const results: Record<string, Load[]> = {};
  try {
    for (const path of PAGES) {
      results[path] = [];
      for (let run = 0; run < RUNS; run++) {
        // Lighthouse's Moto G Power: 412 px at 1.75 device pixels.
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          serviceWorkers: "block",
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 562.5,
          downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
          uploadThroughput: (750 * 1024 * 0.9) / 8,
        });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await page.addInitScript(() => {
          const w = window as unknown as { lcp: number; hydrated?: number };
          w.lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.lcp = entry.startTime;
          }).observe({ type: "largest-contentful-paint", buffered: true });
          new MutationObserver(() => {
            if (document.documentElement.dataset.hydrated && !w.hydrated) w.hydrated = performance.now();
          }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
        });
        await page.goto(ctx.baseURL + path, { waitUntil: "load", timeout: 60_000 });
        await page.waitForFunction(() => (window as unknown as { hydrated?: number }).hydrated, null, { timeout: 60_000 });
        const load = await page.evaluate(() => {
          const w = window as unknown as { lcp: number; hydrated: number };
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
          return { fcp: Math.round(fcp), lcp: Math.round(w.lcp), hydrated: Math.round(w.hydrated) };
        });
        results[path]!.push(load);
        ctx.log(`${path} run ${run + 1}: FCP ${load.fcp} ms, LCP ${load.lcp} ms, hydrated ${load.hydrated} ms`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const of = (path: string, key: keyof Load) => spreadText(results[path]!.map((l) => l[key]));
  return {
    part: "loads",
    figures: results,
    budgets: [],
    markdown: [
      "## Real loads on slow 4G (applied throttling)",
      "",
      `Chromium at 412 px, 562.5 ms round trips, 1.4 Mbit/s down and a 4x CPU slowdown applied (not simulated), ${RUNS} loads per page, each as minimum / median / maximum, in ms. "Hydrated" is when React Router has taken over the page (its links and forms work before, as plain HTML).`,
      "",
      "| page | first paint | largest paint | hydrated |",
      "|---|---|---|---|",
      ...PAGES.map((p) => `| \`${p}\` | ${of(p, "fcp")} | ${of(p, "lcp")} | ${of(p, "hydrated")} |`),
    ].join("\n"),
  };
};
