// Throughput and latency under load (autocannon, 50 connections): a warm server-rendered page, a JSON list,
// search, a calendar feed; and the same page saved to a file and served by nginx, the physical limit it is compared with.
import { createHash } from "node:crypto";
import { loadavg } from "node:os";
import type { BenchContext } from "../lib/types.ts";
import { type BenchPart, type Budget, rssBudget } from "../lib/types.ts";
import { mb } from "../lib/spread.ts";
import { runCannon, summarize, type CannonOptions, type Run, type RunSummary } from "../lib/http-cannon.ts";
import { API, BROWSER_HEADERS, fillCaches, SEARCH_QUERIES, rawGet, searchRequests, siteIds } from "../lib/traffic.ts";
import { startNginx } from "../lib/nginx.ts";

const CONNECTIONS = 50;
const PAGE = "/ar";
/** DESIGN.md: a warm page at no less than half of what nginx serves from a file. */
const MIN_NGINX_RATIO = 0.5;
/** The API against the warm page's rate (#15): lists and a place at half of it, search at a quarter. */
const MIN_LIST_SHARE = 0.5;
const MIN_SEARCH_SHARE = 0.25;
/** #29: a calendar feed at no less than half the warm page's rate. */
const MIN_FEED_SHARE = 0.5;
const FEED = "/ar/events.ics";
const MAX_SEARCH_P99_MS = 50;
/** The page and nginx take turns in this many slices, so both see the same machine (its other work varies). */
const SLICES = 5;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return Math.round(performance.now() - started);
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").slice(0, 16);

type Results = Record<"page" | "nginx" | "list" | "detail" | "search" | "feed", RunSummary>;

function report(ctx: BenchContext, name: string, r: RunSummary) {
  ctx.log(
    `${name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.p99Open} ms without first answers), errors ${r.errors}, non-2xx ${r.non2xx}`,
  );
  return r;
}

// Warm: the first request renders the page and caches it; the answer is also what nginx will serve.
async function warmPage(ctx: BenchContext) {
  await rawGet(ctx.baseURL + PAGE, BROWSER_HEADERS);
  const page = await rawGet(ctx.baseURL + PAGE, BROWSER_HEADERS);
  if (page.status !== 200 || page.headers["content-encoding"] !== "br")
    throw new Error(`${PAGE}: ${page.status} ${page.headers["content-encoding"] ?? "uncompressed"}`);
  const loadAverage = Math.round(loadavg()[0] * 10) / 10;
  ctx.log(`${PAGE}: ${page.body.length} bytes (br), ${Object.keys(page.headers).length} headers; load average ${loadAverage}`);
  return { page, loadAverage };
}

// The first list and the first search on a fresh server (the search builds its index) are timed apart, so
// their one-off cost shows; then every page and search is asked once, as a long-running site has been.
async function firstAnswers(ctx: BenchContext, listPath: string) {
  const firstListMs = await timed(() => rawGet(ctx.baseURL + listPath, BROWSER_HEADERS));
  const [first] = searchRequests();
  const firstSearchMs = await timed(() =>
    fetch(ctx.baseURL + first.path, { method: "POST", headers: first.headers, body: first.body }).then((r) => r.arrayBuffer()),
  );
  ctx.log(`first list ${firstListMs} ms, first search ${firstSearchMs} ms`);
  const filled = await fillCaches(ctx.baseURL);
  const filledRss = ctx.serverRss();
  ctx.log(`caches filled: ${filled} pages in 7 languages and the searches; RSS ${mb(filledRss)} MB`);
  return { firstListMs, firstSearchMs, filledRss };
}

/** The warm page and nginx serving its saved bytes, taking turns. */
async function pageAgainstNginx(ctx: BenchContext, page: Awaited<ReturnType<typeof rawGet>>, seconds: number) {
  const base = { connections: CONNECTIONS, headers: BROWSER_HEADERS };
  const nginx = await startNginx(ctx.scratchDir, [{ path: PAGE, body: page.body, headers: page.headers }]);
  try {
    const copy = await rawGet(nginx.url + PAGE, BROWSER_HEADERS);
    if (copy.status !== 200 || sha(copy.body) !== sha(page.body)) throw new Error(`nginx does not serve the saved page: ${copy.status}`);
    const slices: { page: Run[]; nginx: Run[] } = { page: [], nginx: [] };
    const slice = Math.max(1, Math.round(seconds / SLICES));
    for (let i = 0; i < SLICES; i++) {
      slices.page.push(await runCannon({ ...base, url: ctx.baseURL + PAGE, duration: slice }));
      slices.nginx.push(await runCannon({ ...base, url: nginx.url + PAGE, duration: slice }));
    }
    const rate = (r: Run) => Math.round(Object.values(r.statuses).reduce((a, b) => a + b, 0) / r.seconds);
    ctx.log(`slices of ${slice} s, page vs nginx req/s: ${slices.page.map((r, i) => `${rate(r)}/${rate(slices.nginx[i])}`).join(", ")}`);
    return { page: report(ctx, `page ${PAGE}`, summarize(slices.page)), nginx: report(ctx, `nginx ${PAGE}`, summarize(slices.nginx)) };
  } finally {
    await nginx.stop();
  }
}

const clean = (name: string, r: RunSummary): Budget => ({
  name: `${name}: errors + non-2xx under load`,
  limit: "0",
  value: r.errors + r.non2xx,
  pass: r.errors + r.non2xx === 0,
  note: r.errors + r.non2xx ? `errors ${r.errors} (timeouts ${r.timeouts}), statuses ${JSON.stringify(r.statuses)}` : undefined,
});

function apiRate(name: string, r: RunSummary, share: number, page: RunSummary): Budget {
  const value = Math.round((r.rps / page.rps) * 100) / 100;
  return {
    name: `${name} req/s vs the warm page's`,
    limit: `>= ${share}`,
    value,
    pass: value >= share,
    note: `${r.rps} vs ${page.rps} req/s`,
  };
}

function budgetsOf(results: Results, ratio: number, rss: number): Budget[] {
  return [
    {
      name: `warm page ${PAGE} req/s vs nginx serving its saved bytes`,
      limit: `>= ${MIN_NGINX_RATIO}`,
      value: ratio,
      pass: ratio >= MIN_NGINX_RATIO,
      note: ratio < MIN_NGINX_RATIO ? `${results.page.rps} vs ${results.nginx.rps} req/s` : undefined,
    },
    rssBudget("server RSS after the load, page cache and search index full", rss),
    apiRate("list", results.list, MIN_LIST_SHARE, results.page),
    apiRate("detail", results.detail, MIN_LIST_SHARE, results.page),
    apiRate("search", results.search, MIN_SEARCH_SHARE, results.page),
    apiRate(`calendar feed ${FEED}`, results.feed, MIN_FEED_SHARE, results.page),
    {
      name: "search p99 under load (ms)",
      limit: `<= ${MAX_SEARCH_P99_MS}`,
      value: results.search.p99,
      pass: results.search.p99 <= MAX_SEARCH_P99_MS,
    },
    clean("page", results.page),
    clean("list", results.list),
    clean("detail", results.detail),
    clean("search", results.search),
    clean("feed", results.feed),
  ];
}

/** What the part reports, the runs included. */
type Figures = Results & {
  seconds: number;
  connections: number;
  loadAverage: number;
  pageBytes: number;
  pageToNginx: number;
  firstListMs: number;
  firstSearchMs: number;
  serverRssMB: number;
  filledRssMB: number;
};

function markdownOf(f: Figures, listPath: string, detailPath: string): string {
  const { seconds, loadAverage, pageBytes, pageToNginx: ratio, firstListMs, firstSearchMs } = f;
  const languages = new Set(SEARCH_QUERIES.map((q) => q.language)).size;
  const rows: [keyof Results, string][] = [
    ["page", `GET ${PAGE} (warm, br)`],
    ["nginx", `GET ${PAGE} saved to a file, nginx`],
    ["list", `GET ${listPath.replace(API, "…")}`],
    ["detail", `GET ${detailPath.replace(API, "…")}`],
    ["search", `POST …/place1/search (${SEARCH_QUERIES.length} queries, ${languages} languages)`],
    ["feed", `GET ${FEED} (every event's dates, a year back to two ahead)`],
  ];
  return [
    "## Throughput (autocannon)",
    "",
    "| target | req/s | p50 ms | p99 ms | p99 without 1st answers | errors | non-2xx |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(([key, label]) => {
      const r = f[key];
      return `| ${label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.p99Open} | ${r.errors} | ${r.non2xx} |`;
    }),
    "",
    `${seconds} s per target at ${CONNECTIONS} connections with \`accept-encoding: br\`, the load generator on the same machine (load average ${loadAverage} at the start). ` +
      `nginx (\`worker_processes auto\`) serves the very bytes and headers of the warm page (${pageBytes} bytes, brotli) from a file; the page and nginx take turns in ${SLICES} slices. ` +
      `The page reaches **${ratio}×** nginx's rate (goal ≥ ${MIN_NGINX_RATIO}). ` +
      `Each target is asked once before its run (first list ${firstListMs} ms, first search ${firstSearchMs} ms, which on a fresh server includes building the index). ` +
      `"p99 without 1st answers" leaves out each connection's first answer, which waits longer when the connection opens on a saturated server. Server RSS with every page in 7 languages and the searches cached: ${f.filledRssMB} MB; after the load: ${f.serverRssMB} MB.`,
  ].join("\n");
}

export const throughput: BenchPart = async (ctx) => {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
  if (!(seconds >= 1 && seconds <= 3600)) throw new Error(`BENCH_LOAD_SECONDS must be 1..3600, not ${process.env.BENCH_LOAD_SECONDS}`);
  const ids = await siteIds(ctx.baseURL);
  const listPath = `${API}/place1/places/category/${ids.featured}/language/1`;
  const detailPath = `${API}/place1/places/${ids.place}?language=2`;

  const { page, loadAverage } = await warmPage(ctx);
  const base = { connections: CONNECTIONS, headers: BROWSER_HEADERS };
  const run = async (name: string, options: Omit<CannonOptions, "connections" | "duration">) =>
    report(ctx, name, summarize([await runCannon({ ...base, ...options, duration: seconds })]));
  const { firstListMs, firstSearchMs, filledRss } = await firstAnswers(ctx, listPath);

  const results = { ...(await pageAgainstNginx(ctx, page, seconds)) } as Results;
  results.list = await run("list", { url: ctx.baseURL + listPath });
  results.detail = await run("detail", { url: ctx.baseURL + detailPath });
  results.search = await run("search", { url: ctx.baseURL, requests: searchRequests() });
  results.feed = await run("feed", { url: ctx.baseURL + FEED });
  const rss = ctx.serverRss();

  const ratio = Math.round((results.page.rps / results.nginx.rps) * 100) / 100;
  const figures: Figures = {
    seconds,
    connections: CONNECTIONS,
    loadAverage,
    pageBytes: page.body.length,
    pageToNginx: ratio,
    firstListMs,
    firstSearchMs,
    serverRssMB: mb(rss),
    filledRssMB: mb(filledRss),
    ...results,
  };
  return { part: "throughput", figures, budgets: budgetsOf(results, ratio, rss), markdown: markdownOf(figures, listPath, detailPath) };
};
