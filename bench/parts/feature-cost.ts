// What the metrics cost: the warm page's rate on the bench's site (metrics on, as by default) and on a second
// instance of the same build with METRICS=off, in one run, taking turns in slices so both see the same
// machine. Every slice is reported; the cost is read from the medians.
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
/** The metrics may take at most this share of the warm page's rate. */
const MAX_COST = 0.05;

const rate = (r: Run) => Math.round(Object.values(r.statuses).reduce((a, b) => a + b, 0) / r.seconds);
const spread = (values: number[]) => ({ ...spreadOf(values), runs: values });

export const metrics: BenchPart = async (ctx) => {
  const seconds = Math.max(1, Math.round(Number(process.env.BENCH_LOAD_SECONDS ?? 10) / SLICES));
  const dir = join(ctx.scratchDir, "metrics-off");
  mkdirSync(dir, { recursive: true });
  const off = await startWebsite(dir, { METRICS: "off" });
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
    ctx.log(`warm ${PAGE} req/s with metrics ${runs.on.join(", ")}; without ${runs.off.join(", ")}; cost ${(cost * 100).toFixed(1)} %`);
    return {
      part: "metrics",
      figures: { page: PAGE, connections: CONNECTIONS, secondsPerSlice: seconds, withMetrics: on, withoutMetrics: offRate, cost },
      budgets: [
        {
          name: `metrics' cost on the warm page rate (${PAGE}), medians`,
          limit: `<= ${MAX_COST * 100} %`,
          value: `${(cost * 100).toFixed(1)} %`,
          pass: cost <= MAX_COST,
          note: cost > MAX_COST ? `${on.median} vs ${offRate.median} req/s` : undefined,
        },
      ],
      markdown: [
        "## What the metrics cost",
        "",
        "| instance | req/s min | median | max | every slice |",
        "|---|---|---|---|---|",
        `| metrics on (default) | ${on.min} | ${on.median} | ${on.max} | ${on.runs.join(", ")} |`,
        `| METRICS=off | ${offRate.min} | ${offRate.median} | ${offRate.max} | ${offRate.runs.join(", ")} |`,
        "",
        `GET ${PAGE} (warm, br) at ${CONNECTIONS} connections, ${SLICES} slices of ${seconds} s each, the two instances of one build taking turns. ` +
          `Cost from the medians: **${(cost * 100).toFixed(1)} %** (budget ≤ ${MAX_COST * 100} %). A negative cost is noise: the two rates are the same within it.`,
      ].join("\n"),
    };
  } finally {
    await off.stop();
  }
};
