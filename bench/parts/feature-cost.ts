// What a feature that is on by default costs (the metrics, the statistics): the warm page's rate on the bench's
// site (the feature on) and on a second instance of the same build with it off, in one run, taking turns in
// slices so both see the same machine. Every slice is reported; the cost is read from the medians.
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import type { BenchPart } from "../lib/types.ts";
import { runCannon, type Run } from "../lib/http-cannon.ts";
import { BROWSER_HEADERS, rawGet } from "../lib/traffic.ts";
import { startWebsite } from "../../harness/website.ts";
import { spreadOf } from "../lib/spread.ts";

const PAGE = "/ar";
const CONNECTIONS = 50;
const SLICES = 5;
/** A feature may take at most this share of the warm page's rate. */
const MAX_COST = 0.05;

type Feature = { part: string; name: string; off: Record<string, string> };

const rate = (r: Run) => Math.round(Object.values(r.statuses).reduce((a, b) => a + b, 0) / r.seconds);
const spread = (values: number[]) => ({ ...spreadOf(values), runs: values });

const featureCost =
  (feature: Feature): BenchPart =>
  async (ctx) => {
    const seconds = Math.max(1, Math.round(Number(process.env.BENCH_LOAD_SECONDS ?? 10) / SLICES));
    const dir = join(ctx.scratchDir, `${feature.part}-off`);
    mkdirSync(dir, { recursive: true });
    const off = await startWebsite(dir, feature.off);
    const offSwitch = Object.entries(feature.off)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
    try {
      // Both warmed alike first (the page cached, the code compiled): the slices then compare like with like.
      for (const base of [ctx.baseURL, off.url]) {
        await rawGet(base + PAGE, BROWSER_HEADERS);
        await runCannon({ url: base + PAGE, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS });
      }
      const runs: Record<"on" | "off", number[]> = { on: [], off: [] };
      for (let i = 0; i < SLICES; i++) {
        // Which goes first changes each slice, so neither always meets a machine still busy with the other.
        const order = i % 2 ? (["off", "on"] as const) : (["on", "off"] as const);
        for (const which of order) {
          const url = (which === "on" ? ctx.baseURL : off.url) + PAGE;
          const run = await runCannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS });
          if (run.errors || Object.keys(run.statuses).some((s) => s !== "200"))
            throw new Error(`${which}: ${run.errors} errors, ${JSON.stringify(run.statuses)}`);
          runs[which].push(rate(run));
        }
      }
      const on = spread(runs.on);
      const offRate = spread(runs.off);
      const cost = Math.round((1 - on.median / offRate.median) * 1000) / 1000;
      ctx.log(
        `warm ${PAGE} req/s with ${feature.name} ${runs.on.join(", ")}; without ${runs.off.join(", ")}; cost ${(cost * 100).toFixed(1)} %`,
      );
      return {
        part: feature.part,
        figures: { page: PAGE, connections: CONNECTIONS, secondsPerSlice: seconds, on, off: offRate, cost },
        budgets: [
          {
            name: `${feature.name}' cost on the warm page rate (${PAGE}), medians`,
            limit: `<= ${MAX_COST * 100} %`,
            value: `${(cost * 100).toFixed(1)} %`,
            pass: cost <= MAX_COST,
            note: cost > MAX_COST ? `${on.median} vs ${offRate.median} req/s` : undefined,
          },
        ],
        markdown: [
          `## What the ${feature.name} cost`,
          "",
          "| instance | req/s min | median | max | every slice |",
          "|---|---|---|---|---|",
          `| ${feature.name} on (default) | ${on.min} | ${on.median} | ${on.max} | ${on.runs.join(", ")} |`,
          `| ${offSwitch} | ${offRate.min} | ${offRate.median} | ${offRate.max} | ${offRate.runs.join(", ")} |`,
          "",
          `GET ${PAGE} (warm, br) at ${CONNECTIONS} connections, ${SLICES} slices of ${seconds} s each, the two instances of one build taking turns. ` +
            `Cost from the medians: **${(cost * 100).toFixed(1)} %** (budget ≤ ${MAX_COST * 100} %). A negative cost is noise: the two rates are the same within it.`,
        ].join("\n"),
      };
    } finally {
      await off.stop();
    }
  };

export const metrics = featureCost({ part: "metrics", name: "metrics", off: { METRICS: "off" } });
/** Statistics without tracking (decision 033): the budget is the rate with them on ≥ 0.95× off. */
export const statistics = featureCost({ part: "statistics", name: "statistics", off: { STATISTICS: "off" } });
