// A long run at 100 connections over pages in several languages and API calls: errors, statuses, latency
// per time window (does it drift?) and the server's memory sampled along the way (does it grow?).
import { type BenchPart, type Budget, rssBudget } from "../lib/types.ts";
import type { BenchContext } from "../lib/types.ts";
import { mb } from "../lib/spread.ts";
import { runCannon, summarize } from "../lib/http-cannon.ts";
import { soakRequests } from "../lib/traffic.ts";
import { timeWindows } from "../lib/time-windows.ts";

const CONNECTIONS = 100;
const RSS_EVERY_MS = 10_000;
const MAX_DRIFT = 2;
const MAX_RSS_GROWTH_MB = 100;

type Mix = Awaited<ReturnType<typeof soakRequests>>;

// One pass over the distinct requests first (renders every page, builds the search index), so the first
// window measures the warm site and the drift compares like with like.
async function warmUp(ctx: BenchContext, mix: Mix) {
  const distinct = new Map(mix.requests.map((r) => [`${r.method ?? "GET"} ${r.path} ${r.body ?? ""}`, r]));
  const warmStarted = performance.now();
  for (const r of distinct.values())
    await (await fetch(ctx.baseURL + r.path, { method: r.method ?? "GET", headers: r.headers, body: r.body })).arrayBuffer();
  const warmMs = Math.round(performance.now() - warmStarted);
  ctx.log(`warm-up: ${distinct.size} distinct requests in ${warmMs} ms`);
  return { distinct: distinct.size, warmMs };
}

async function underLoad(ctx: BenchContext, seconds: number, windowSeconds: number, mix: Mix) {
  const windows = timeWindows(seconds, windowSeconds);
  // RSS before the load, then every 10 s under it. Under 100 connections V8 lets the heap grow well past
  // what is live before it collects, so the step from idle to loaded is not growth: growth is counted from
  // the first sample under load to the last.
  const idleRss = ctx.serverRss();
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(ctx.serverRss()), RSS_EVERY_MS);
  let run: Awaited<ReturnType<typeof runCannon>>;
  try {
    run = await runCannon({ url: ctx.baseURL, connections: CONNECTIONS, duration: seconds, requests: mix.requests }, (instance) => {
      windows.start();
      instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => windows.response(status, ms));
      instance.on("reqError", () => windows.error());
    });
  } finally {
    clearInterval(sampler);
  }
  const result = summarize([run]);
  rss.push(ctx.serverRss());
  return { result, windows, idleRss, rss };
}

/** Latency per window and its drift, statuses, and the server's memory from the samples. */
function measure({ result, windows, idleRss, rss }: Awaited<ReturnType<typeof underLoad>>) {
  const perWindow = windows.summary();
  const first = perWindow[0];
  const last = perWindow[perWindow.length - 1];
  const drift = first.p99 > 0 ? Math.round((last.p99 / first.p99) * 100) / 100 : 0;
  const status5xx = Object.entries(result.statuses)
    .filter(([code]) => Number(code) >= 500)
    .reduce((n, [, count]) => n + count, 0);
  const non2xx = Object.fromEntries(Object.entries(result.statuses).filter(([code]) => !code.startsWith("2")));
  const rssMB = { idle: mb(idleRss), first: mb(rss[0]), max: mb(Math.max(...rss)), last: mb(rss[rss.length - 1]), samples: rss.map(mb) };
  const growth = rssMB.last - rssMB.first;
  // A leak keeps growing to the end; a heap that V8 sizes up under load levels off. The second half tells them apart.
  const secondHalfGrowth = rssMB.last - rssMB.samples[Math.floor(rssMB.samples.length / 2)]!;
  return { result, rss, perWindow, first, last, drift, status5xx, non2xx, rssMB, growth, secondHalfGrowth };
}
type Measured = ReturnType<typeof measure>;

function budgetsOf(
  { result, rss, first, last, drift, status5xx, non2xx, rssMB, growth, secondHalfGrowth }: Measured,
  windowSeconds: number,
): Budget[] {
  return [
    rssBudget("soak: server RSS at the end", rss[rss.length - 1]!, `idle ${rssMB.idle} MB, highest sample ${rssMB.max} MB`),
    {
      name: "soak: connection errors and timeouts",
      limit: "0",
      value: result.errors,
      pass: result.errors === 0,
      note: result.errors ? `timeouts ${result.timeouts}` : undefined,
    },
    {
      name: "soak: 5xx answers",
      limit: "0",
      value: status5xx,
      pass: status5xx === 0,
      note: status5xx ? JSON.stringify(non2xx) : undefined,
    },
    {
      name: `soak: p99 of the last ${windowSeconds} s vs the first`,
      limit: `<= ${MAX_DRIFT}x`,
      value: drift,
      pass: drift <= MAX_DRIFT,
      note: drift > MAX_DRIFT ? `${first.p99} → ${last.p99} ms` : undefined,
    },
    {
      name: "soak: server RSS growth under load (last - first sample)",
      limit: `<= ${MAX_RSS_GROWTH_MB} MB`,
      value: growth,
      pass: growth <= MAX_RSS_GROWTH_MB,
      note:
        growth > MAX_RSS_GROWTH_MB
          ? `${rssMB.first} → ${rssMB.last} MB (max ${rssMB.max}); over the second half ${secondHalfGrowth >= 0 ? "+" : ""}${secondHalfGrowth} MB`
          : undefined,
    },
  ];
}

function markdownOf(m: Measured, seconds: number, mix: Mix, distinct: number): string {
  const { result, perWindow, drift, non2xx, rssMB, secondHalfGrowth } = m;
  return [
    "## Soak",
    "",
    "| window (s) | answers | p50 ms | p99 ms | errors | 5xx |",
    "|---|---|---|---|---|---|",
    ...perWindow.map((w) => `| ${w.from}–${w.to} | ${w.requests} | ${w.p50} | ${w.p99} | ${w.errors} | ${w.status5xx} |`),
    "",
    `${seconds} s at ${CONNECTIONS} connections over ${mix.pages} pages (every route in English, Arabic, French and Chinese) and ${mix.api} API calls between them ` +
      `(lists, a place, its media, an image, searches), after one warm-up pass over the ${distinct} distinct requests: ${result.requests} answers (${result.rps}/s), ${result.errors} errors, non-2xx ${JSON.stringify(non2xx)} ` +
      `(404s are the not-found route, asked on purpose). p99 drift (last window vs first): ${drift}×. ` +
      `Server RSS: ${rssMB.idle} MB before the load, then every ${RSS_EVERY_MS / 1000} s under it first ${rssMB.first} MB, max ${rssMB.max} MB, last ${rssMB.last} MB, ${secondHalfGrowth >= 0 ? "+" : ""}${secondHalfGrowth} MB over the second half ` +
      `(growth counted from the first sample under load: the step from idle is V8 letting the heap grow between collections, not retained memory).`,
  ].join("\n");
}

export const soak: BenchPart = async (ctx) => {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
  if (!(seconds >= 10 && seconds <= 24 * 3600))
    throw new Error(`BENCH_SOAK_SECONDS must be 10..86400, not ${process.env.BENCH_SOAK_SECONDS}`);
  // Minutes for the real soak; a short check still gets five windows to compare.
  const windowSeconds = seconds >= 120 ? 60 : Math.max(5, Math.round(seconds / 5));
  const mix = await soakRequests(ctx.baseURL);
  ctx.log(
    `${mix.requests.length} requests in the mix (${mix.pages} pages, ${mix.api} API calls), ${seconds} s, ${CONNECTIONS} connections`,
  );

  const { distinct, warmMs } = await warmUp(ctx, mix);
  const m = measure(await underLoad(ctx, seconds, windowSeconds, mix));
  const { result, perWindow, drift, status5xx, non2xx, rssMB, growth, secondHalfGrowth } = m;
  for (const w of perWindow)
    ctx.log(`${w.from}-${w.to} s: ${w.requests} answers, p50 ${w.p50} ms, p99 ${w.p99} ms, errors ${w.errors}, 5xx ${w.status5xx}`);

  return {
    part: "soak",
    figures: {
      seconds,
      connections: CONNECTIONS,
      windowSeconds,
      mix: { requests: mix.requests.length, pages: mix.pages, api: mix.api, distinct },
      warmMs,
      requests: result.requests,
      rps: result.rps,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx,
      status5xx,
      p50: result.p50,
      p99: result.p99,
      p99Drift: drift,
      windows: perWindow,
      rssMB,
      rssGrowthMB: growth,
      rssSecondHalfGrowthMB: secondHalfGrowth,
    },
    budgets: budgetsOf(m, windowSeconds),
    markdown: markdownOf(m, seconds, mix, distinct),
  };
};
