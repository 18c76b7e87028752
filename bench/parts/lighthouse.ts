// Lighthouse on the main kinds of page, in English and Arabic, mobile (Lighthouse's default emulation and
// simulated throttling) and desktop (its desktop preset), one run after another on the 2-core machine.
// Mobile is run several times, and every run counts: a budget holds only if it holds in each run, the way a
// visitor meets the page. Runs do not wait for an idle CPU; the load average when each started is recorded
// beside it, since simulated throttling scales the main-thread time this (shared) machine observes.
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import type { Budget, BenchPart, PartResult } from "../lib/types.ts";
import { allRoutes } from "../../harness/website.ts";
import { figuresOf, largestScripts, runLighthouse, startOnPrivateBuild, type FormFactor, type Report } from "../lib/lighthouse-run.ts";
import {
  appliedTable,
  auditDetail,
  clsNote,
  desktopTable,
  excusedOnNotFound,
  failingList,
  fileOf,
  kb,
  label,
  lcpNote,
  mainThreadTable,
  mobileTable,
  performanceNote,
  type Applied,
  type Measured,
  type Page,
} from "../lib/lighthouse-report.ts";
import { javascriptBytes } from "../../harness/page-weight.ts";
import { spreadText } from "../lib/spread.ts";

const LIGHTHOUSE_VERSION: string = createRequire(import.meta.url)("lighthouse/package.json").version;
const MOBILE_RUNS = Math.max(1, Math.min(5, Number(process.env.LIGHTHOUSE_RUNS ?? 3)));
const JS_BUDGET_BYTES = 120_000; // 120 kB, decimal: the stricter reading
const LCP_BUDGET_MS = 1800;
const CLS_BUDGET = 0.02;
const TBT_BUDGET_MS = 150;
const MOBILE_PERFORMANCE_BUDGET = 95;

/** The pages the brief names, with real ids from the API, in English (unprefixed) and Arabic (/ar). */
async function pagesToAudit(baseURL: string): Promise<Page[]> {
  const routes = await allRoutes(baseURL);
  const city = routes.find((r) => /^\/cities\/\d+\/sites\/\d+$/.test(r));
  const action = routes.find((r) => /^\/cities\/\d+\/sites\/\d+\/action\/\d+$/.test(r));
  const event = routes.find((r) => /^\/events\/[a-z0-9-]+$/.test(r));
  const itinerary = routes.find((r) => /^\/itineraries\/[a-z0-9-]+$/.test(r));
  if (!city || !action || !event || !itinerary)
    throw new Error(`no city, site, event or itinerary found through the API and the itineraries page: ${routes.join(" ")}`);
  const kinds: [string, string][] = [
    ["home", "/"],
    ["city", city],
    ["site actions", action],
    ["site images", `${action}/images`],
    ["contact", "/contact"],
    ["map", "/map"],
    ["plan", "/plan/money"],
    ["events", "/events"],
    ["event", event],
    ["itinerary", itinerary],
    ["saved", "/saved"],
    ["not found", "/no-such-page"],
  ];
  // LIGHTHOUSE_PAGES=event,itinerary audits those kinds alone (a change's pages, measured again).
  const only = process.env.LIGHTHOUSE_PAGES?.split(",");
  return (["en", "ar"] as const).flatMap((lang) =>
    kinds
      .filter(([name]) => !only || only.includes(name))
      .map(([name, path]) => ({ name, lang, path: lang === "en" ? path : path === "/" ? "/ar" : `/ar${path}` })),
  );
}

/**
 * A page whose hashed assets answer 404 was served by a build/ that changed under the server (the private copy
 * exists to prevent it): such a run measures nothing real, so it stops the part with a clear message.
 */
function assertAssetsServed(report: Report, url: string) {
  const items: { url: string; statusCode: number }[] = report.audits["network-requests"]?.details?.items ?? [];
  const missing = items.filter((i) => i.statusCode >= 400 && new URL(i.url).pathname.startsWith("/assets/"));
  if (missing.length)
    throw new Error(
      `${url}: ${missing.length} built assets answered 404 (${new URL(missing[0]!.url).pathname}): build/ was replaced while the server ran (another build on this machine); rerun the part`,
    );
}

async function measure(baseURL: string, page: Page, formFactor: FormFactor, runs: number): Promise<Measured> {
  const reports: Report[] = [];
  const loads: number[] = [];
  // A run Lighthouse itself calls broken (e.g. NO_NAVSTART when the machine is very busy) is tried again, twice at most.
  for (let attempt = 0; reports.length < runs && attempt < runs + 2; attempt++) {
    const loadAtStart = loadAverage();
    const report = await runLighthouse(baseURL + page.path, formFactor);
    if (report.runtimeError) {
      console.warn(`  ${page.path} (${formFactor}): ${report.runtimeError.code}, running again`);
      continue;
    }
    assertAssetsServed(report, page.path);
    reports.push(report);
    loads.push(loadAtStart);
  }
  if (reports.length < runs) throw new Error(`${page.path} (${formFactor}): only ${reports.length} of ${runs} Lighthouse runs completed`);
  const byPerformance = [...reports].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const report = byPerformance[Math.floor(byPerformance.length / 2)]!;
  return {
    page,
    formFactor,
    report,
    figures: figuresOf(report),
    runs: reports.map((r, i) => ({ ...figuresOf(r), loadAtStart: loads[i]! })),
  };
}

/** The category score (0-100) over the audits that count for the budget. */
function budgetScore(m: Measured, category: string): number {
  const refs = (m.report.categories[category]?.auditRefs ?? []).filter(
    (r) => r.weight > 0 && !excusedOnNotFound(m, m.report.audits[r.id]!),
  );
  const weight = refs.reduce((s, r) => s + r.weight, 0);
  return weight ? Math.round((100 * refs.reduce((s, r) => s + r.weight * (m.report.audits[r.id]!.score ?? 0), 0)) / weight) : 100;
}

/** The page measured once more with its built scripts blocked: what the early JavaScript costs FCP and LCP. */
async function scriptCost(baseURL: string, m: Measured) {
  const report = await runLighthouse(baseURL + m.page.path, "mobile", { blockedUrlPatterns: ["*/assets/*.js"] });
  const f = figuresOf(report);
  const fcp = (r: Report) => Math.round(r.audits["first-contentful-paint"]?.numericValue ?? NaN);
  const scripts = (m.report.audits["network-requests"]?.details?.items ?? []).filter(
    (i: { resourceType?: string }) => i.resourceType === "Script",
  ).length;
  return {
    figures: {
      page: m.page.path,
      fcpMs: fcp(m.report),
      lcpMs: m.figures.lcpMs,
      fcpWithoutScriptsMs: fcp(report),
      lcpWithoutScriptsMs: f.lcpMs,
    },
    sentence: `On ${m.page.path} the ${scripts} scripts (${kb(m.figures.jsBytes)} transferred) count in the simulated slow-4G load when they finished before the observed paint: blocking them moves FCP ${fcp(m.report)} → ${fcp(report)} ms and LCP ${m.figures.lcpMs} → ${f.lcpMs} ms.`,
  };
}

/**
 * The page loaded once through the throttled network and CPU (Lighthouse's "devtools" method) instead of the
 * simulation: the simulation assumes that every high-priority script is needed before the first paint, which
 * Chromium does not do with module preloads, so the real load tells what a visitor on slow 4G sees.
 */
async function measureApplied(baseURL: string, page: Page): Promise<Applied> {
  const report = await runLighthouse(baseURL + page.path, "mobile", { throttlingMethod: "devtools" });
  if (report.runtimeError) throw new Error(`${page.path} (mobile, applied throttling): ${report.runtimeError.code}`);
  const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
  return { page, fcpMs: ms("first-contentful-paint"), lcpMs: ms("largest-contentful-paint"), performance: figuresOf(report).performance };
}

const loadAverage = () => Number(loadavg()[0].toFixed(2));

type RunBudget = { name: string; key: "performance" | "lcpMs" | "tbtMs" | "cls"; limit: number; higherIsBetter?: boolean };
const RUN_BUDGETS: RunBudget[] = [
  { name: "mobile performance", key: "performance", limit: MOBILE_PERFORMANCE_BUDGET, higherIsBetter: true },
  { name: "mobile TBT (ms)", key: "tbtMs", limit: TBT_BUDGET_MS },
  { name: "mobile LCP (ms)", key: "lcpMs", limit: LCP_BUDGET_MS },
  { name: "mobile CLS", key: "cls", limit: CLS_BUDGET },
];

/** A budget over every mobile run of every page: its value is the worst run, and its note names each run over it. */
function everyRunBudget(mobile: Measured[], b: RunBudget, explain: (m: Measured) => string): Budget {
  const runs = mobile.flatMap((m) => m.runs.map((r, i) => ({ m, i, r, value: r[b.key] ?? 0 })));
  const over = runs.filter((x) => (b.higherIsBetter ? x.value < b.limit : x.value > b.limit));
  const worst = runs.reduce((w, x) => ((b.higherIsBetter ? x.value < w.value : x.value > w.value) ? x : w));
  const pages = [...new Set(over.map((x) => x.m))];
  return {
    name: `${b.name}, every run of every page (worst)`,
    limit: `${b.higherIsBetter ? ">=" : "<="} ${b.limit}`,
    value: worst.value,
    pass: over.length === 0,
    ...(over.length
      ? {
          note: `${over.length} of ${runs.length} runs: ${over.map((x) => `${label(x.m)} run ${x.i + 1} ${x.value} (load ${x.r.loadAtStart})`).join(", ")}. Why, from each page's median run: ${pages.map((m) => `${m.page.name} ${m.page.lang}: ${explain(m)}`).join(" | ")}`,
        }
      : {}),
  };
}

export const lighthouse: BenchPart = async (ctx) => {
  const site = await startOnPrivateBuild(ctx.scratchDir, ctx.log);
  try {
    return await auditPages(site.url, ctx.log);
  } finally {
    await site.stop();
  }
};

async function measureAll(baseURL: string, pages: Page[], log: (line: string) => void): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const formFactor of ["mobile", "desktop"] as const) {
    for (const page of pages) {
      const runs = formFactor === "mobile" ? MOBILE_RUNS : 1;
      const m = await measure(baseURL, page, formFactor, runs);
      measured.push(m);
      for (const r of m.runs)
        log(
          `${formFactor} ${page.path} (load ${r.loadAtStart}): perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} LCP ${r.lcpMs} ms CLS ${r.cls} TBT ${r.tbtMs} ms JS ${kb(r.jsBytes)}`,
        );
    }
  }
  return measured;
}

/** The JavaScript the home pages load, and what the map page loads of its own. */
async function scriptWeights(baseURL: string) {
  const homeScripts = { en: await javascriptBytes(baseURL, "/"), ar: await javascriptBytes(baseURL, "/ar") };
  // The map's own scripts: what /map loads that the home page does not (its route and the map component).
  const mapAll = await javascriptBytes(baseURL, "/map");
  const homeFiles = new Set(homeScripts.en.scripts.map((s) => s.url));
  const mapOwn = mapAll.scripts.filter((s) => !homeFiles.has(s.url));
  const mapScripts = { total: mapAll.bytes, own: mapOwn.reduce((n, s) => n + s.bytes, 0), files: mapOwn.map((s) => s.url) };
  return { homeScripts, mapScripts };
}
type ScriptWeights = Awaited<ReturnType<typeof scriptWeights>>;

async function measureAllApplied(baseURL: string, pages: Page[], log: (line: string) => void): Promise<Applied[]> {
  const applied: Applied[] = [];
  for (const page of pages) {
    applied.push(await measureApplied(baseURL, page));
    log(`mobile, applied throttling ${page.path}: FCP ${applied.at(-1)!.fcpMs} ms LCP ${applied.at(-1)!.lcpMs} ms`);
  }
  return applied;
}

function budgetsOf(measured: Measured[], { homeScripts }: ScriptWeights): Budget[] {
  const mobile = measured.filter((m) => m.formFactor === "mobile");
  const explain: Record<RunBudget["key"], (m: Measured) => string> = {
    performance: performanceNote,
    tbtMs: performanceNote,
    lcpMs: lcpNote,
    cls: clsNote,
  };
  const budgets: Budget[] = RUN_BUDGETS.map((b) => everyRunBudget(mobile, b, explain[b.key]));
  for (const [category, name] of [
    ["accessibility", "accessibility"],
    ["best-practices", "best practices"],
    ["seo", "SEO"],
  ] as const) {
    const scores = measured.map((m) => ({ m, score: budgetScore(m, category) }));
    const lowest = Math.min(...scores.map((s) => s.score));
    const failing = scores.filter((s) => s.score < 100);
    const reasons = failingList(failing.map((s) => s.m)).filter((g) => g.category === category && !g.excused);
    budgets.push({
      name: `${name}, every page and form factor (lowest)`,
      limit: "= 100",
      value: lowest,
      pass: failing.length === 0,
      ...(failing.length
        ? { note: reasons.map((g) => `${g.audit.id} on ${g.where.join(", ")}: ${auditDetail(g.audit)}`).join(" | ") }
        : {}),
    });
  }
  const homeJs = Math.max(homeScripts.en.bytes, homeScripts.ar.bytes);
  const homeMeasured = mobile.filter((m) => m.page.name === "home");
  budgets.push({
    name: "home page JavaScript, compressed (script + modulepreload bodies, br)",
    limit: `<= ${kb(JS_BUDGET_BYTES)}`,
    value: homeJs,
    pass: homeJs <= JS_BUDGET_BYTES,
    ...(homeJs <= JS_BUDGET_BYTES
      ? {}
      : {
          note: `largest: ${largestScripts(homeMeasured[0]!.report)
            .map((s) => `${fileOf(s.url)} ${kb(s.transferSize)}`)
            .join(", ")}`,
        }),
  });
  return budgets;
}

/** Everything the part measured, for its report and figures. */
type Audited = ScriptWeights & {
  loadAverageAtStart: number[];
  measured: Measured[];
  applied: Applied[];
  withoutScripts: Awaited<ReturnType<typeof scriptCost>> | undefined;
};

function markdownOf({ loadAverageAtStart, measured, applied, homeScripts, mapScripts, withoutScripts }: Audited): string {
  const failing = failingList(measured);
  const allRuns = measured.reduce((s, m) => s + m.runs.length, 0);
  const loads = measured.flatMap((m) => m.runs.map((r) => r.loadAtStart));
  return [
    "## Lighthouse",
    "",
    `Lighthouse ${LIGHTHOUSE_VERSION} through its Node API on Debian's Chromium (headless), one page at a time, against the site started on a private copy of the fresh build (other builds on the machine cannot swap its scripts mid-run). Mobile is Lighthouse's default (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown), ${MOBILE_RUNS} runs per page, every one listed as minimum / median / maximum and every one held to the budgets; desktop is its desktop preset, one run. JS and total are bytes transferred (compressed, response headers included) from the resource-summary audit, from the median run. No run waits for an idle CPU: the 4x slowdown multiplies the main-thread time the machine observes, so the one-minute load average at each run's start is listed (${allRuns} runs, load ${spreadText(loads, 2)}; ${loadAverageAtStart.join(", ")} when the part began).`,
    "",
    "### Mobile",
    "",
    mobileTable(measured),
    "",
    "### Mobile: where the main thread's time goes (median run, simulated 4x slowdown)",
    "",
    'Lighthouse\'s `mainthread-work-breakdown`, `bootup-time` (scripting by source; `document` is work Chromium attributes to the page itself, "unattributable" is what it cannot place) and `long-tasks`.',
    "",
    mainThreadTable(measured),
    "",
    "### Mobile, throttling applied instead of simulated",
    "",
    "The same pages loaded once through Lighthouse's mobile throttling applied to the network and CPU (its `devtools` method: 562.5 ms request latency, 1.4 Mbit/s, 4x CPU slowdown) rather than simulated from an unthrottled load. The budgets above are on the simulation, Lighthouse's default; this table shows what a visitor on slow 4G gets.",
    "",
    appliedTable(applied, measured),
    "",
    "### Desktop",
    "",
    desktopTable(measured),
    "",
    `Home page JavaScript as the CI budget measures it (script and modulepreload response bodies, br): ${kb(homeScripts.en.bytes)} (/), ${kb(homeScripts.ar.bytes)} (/ar), ${homeScripts.en.scripts.length} files.`,
    "",
    `Map page JavaScript: ${kb(mapScripts.total)} in all, of which ${kb(mapScripts.own)} is the map's own (${mapScripts.files.join(", ")}), loaded by no other page but /saved.`,
    "",
    ...(withoutScripts
      ? [
          `What the scripts cost the slowest page on mobile: ${withoutScripts.sentence} Loaded through the same throttling instead of simulated, the slowest LCP is ${Math.max(...applied.map((a) => a.lcpMs))} ms.`,
          "",
        ]
      : []),
    "### Audits that lost points",
    "",
    ...(failing.length
      ? failing.map(
          (g) =>
            `- ${g.category} \`${g.audit.id}\`${g.excused ? " (expected on a 404 page; left out of the budget)" : ""}: ${g.where.join(", ")} — ${auditDetail(g.audit)}`,
        )
      : ["- none"]),
  ].join("\n");
}

function partFigures({ loadAverageAtStart, measured, applied, homeScripts, mapScripts, withoutScripts }: Audited) {
  const allRuns = measured.reduce((s, m) => s + m.runs.length, 0);
  return {
    lighthouse: LIGHTHOUSE_VERSION,
    mobileRuns: MOBILE_RUNS,
    loadAverageAtStart,
    runs: allRuns,
    benchmarkIndex: Math.round(measured.reduce((s, m) => s + ((m.report as any).environment?.benchmarkIndex ?? 0), 0) / measured.length),
    homeJavaScriptBytes: { en: homeScripts.en.bytes, ar: homeScripts.ar.bytes, files: homeScripts.en.scripts.length },
    mapJavaScriptBytes: mapScripts,
    ...(withoutScripts ? { lcpWithoutScripts: withoutScripts.figures } : {}),
    appliedThrottling: Object.fromEntries(
      applied.map((a) => [a.page.path, { fcpMs: a.fcpMs, lcpMs: a.lcpMs, performance: a.performance }]),
    ),
    pages: Object.fromEntries(measured.map((m) => [`${m.formFactor} ${m.page.path}`, { median: m.figures, runs: m.runs }])),
  };
}

async function auditPages(baseURL: string, log: (line: string) => void): Promise<PartResult> {
  const loadAverageAtStart = loadavg().map((x) => Number(x.toFixed(2)));
  const pages = await pagesToAudit(baseURL);
  const measured = await measureAll(baseURL, pages, log);
  const weights = await scriptWeights(baseURL);
  const applied = await measureAllApplied(baseURL, pages, log);
  const budgets = budgetsOf(measured, weights);
  const mobile = measured.filter((m) => m.formFactor === "mobile");
  // How much of the slowest page's LCP its scripts cost: the same page again with its JavaScript blocked.
  const slowest = [...mobile].sort((a, b) => b.figures.lcpMs - a.figures.lcpMs)[0]!;
  const withoutScripts = slowest.figures.lcpMs > LCP_BUDGET_MS ? await scriptCost(baseURL, slowest) : undefined;
  const audit: Audited = { loadAverageAtStart, measured, applied, ...weights, withoutScripts };
  return { part: "lighthouse", figures: partFigures(audit), budgets, markdown: markdownOf(audit) };
}
