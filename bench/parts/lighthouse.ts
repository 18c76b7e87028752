// Lighthouse on the main kinds of page, in English and Arabic, mobile (Lighthouse's default emulation and
// simulated throttling) and desktop (its desktop preset), one run after another on the 2-core machine.
// Mobile is run several times, and every run counts: a budget holds only if it holds in each run, the way a
// visitor meets the page. Runs do not wait for an idle CPU; the load average when each started is recorded
// beside it, since simulated throttling scales the main-thread time this (shared) machine observes.
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import type { Budget, BenchPart, PartResult } from "../lib/types.ts";
import { allRoutes } from "../../harness/website.ts";
import {
  CATEGORIES,
  failingAudits,
  figuresOf,
  largestScripts,
  runLighthouse,
  startOnPrivateBuild,
  type Audit,
  type FormFactor,
  type PageFigures,
  type Report,
} from "../lib/lighthouse-run.ts";
import { javascriptBytes } from "../../harness/page-weight.ts";
import { spreadText } from "../lib/spread.ts";

const LIGHTHOUSE_VERSION: string = createRequire(import.meta.url)("lighthouse/package.json").version;
const MOBILE_RUNS = Math.max(1, Math.min(5, Number(process.env.LIGHTHOUSE_RUNS ?? 3)));
const JS_BUDGET_BYTES = 120_000; // 120 kB, decimal: the stricter reading
const LCP_BUDGET_MS = 1800;
const CLS_BUDGET = 0.02;
const TBT_BUDGET_MS = 150;
const MOBILE_PERFORMANCE_BUDGET = 95;

type Page = { name: string; lang: "en" | "ar"; path: string };
/** One Lighthouse run's figures, with the machine's one-minute load average when it started. */
type RunFigures = PageFigures & { loadAtStart: number };
type Measured = {
  page: Page;
  formFactor: FormFactor;
  /** The run with the median performance score: its audits explain the figures. */
  report: Report;
  figures: PageFigures;
  runs: RunFigures[];
};

/** The pages the brief names, with real ids from the API, in English (unprefixed) and Arabic (/ar). */
async function pagesToAudit(baseURL: string): Promise<Page[]> {
  const routes = await allRoutes(baseURL);
  const city = routes.find((r) => /^\/cities\/\d+\/sites\/\d+$/.test(r));
  const action = routes.find((r) => /^\/cities\/\d+\/sites\/\d+\/action\/\d+$/.test(r));
  const event = routes.find((r) => /^\/events\/[a-z0-9-]+$/.test(r));
  if (!city || !action || !event) throw new Error(`no city, site or event found through the API: ${routes.join(" ")}`);
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
    ["saved", "/saved"],
    ["not found", "/no-such-page"],
  ];
  return (["en", "ar"] as const).flatMap((lang) =>
    kinds.map(([name, path]) => ({ name, lang, path: lang === "en" ? path : path === "/" ? "/ar" : `/ar${path}` })),
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

// A not-found page answers 404, asks not to be indexed, and its own 404 shows in the console: that is what it
// should do, so those audits are left out of its budgets (the tables keep Lighthouse's own scores).
const BY_DESIGN_ON_NOT_FOUND = new Set(["http-status-code", "is-crawlable"]);

function excusedOnNotFound(m: Measured, audit: Audit): boolean {
  if (m.page.name !== "not found") return false;
  if (BY_DESIGN_ON_NOT_FOUND.has(audit.id)) return true;
  if (audit.id !== "errors-in-console") return false;
  const items: { sourceLocation?: { url?: string } }[] = audit.details?.items ?? [];
  return items.every((i) => i.sourceLocation?.url && new URL(i.sourceLocation.url).pathname === m.page.path);
}

/** The category score (0-100) over the audits that count for the budget. */
function budgetScore(m: Measured, category: string): number {
  const refs = (m.report.categories[category]?.auditRefs ?? []).filter(
    (r) => r.weight > 0 && !excusedOnNotFound(m, m.report.audits[r.id]!),
  );
  const weight = refs.reduce((s, r) => s + r.weight, 0);
  return weight ? Math.round((100 * refs.reduce((s, r) => s + r.weight * (m.report.audits[r.id]!.score ?? 0), 0)) / weight) : 100;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const label = (m: Measured) => `${m.page.name} ${m.page.lang} (${m.formFactor})`;
const fileOf = (url: string) => url.split("/").pop() ?? url;

/** One line on why an audit failed: the console messages, issues, elements or value it reports. */
function auditDetail(audit: Audit): string {
  const items: any[] = audit.details?.items ?? [];
  const parts = items
    .slice(0, 3)
    .map((i) =>
      i.description
        ? `${i.description.slice(0, 140)}${i.sourceLocation?.url ? ` (${fileOf(i.sourceLocation.url)})` : ""}`
        : i.issueType
          ? `${i.issueType}: ${(i.subItems?.items ?? []).map((s: any) => fileOf(s.url ?? "")).join(", ")}`
          : (i.node?.snippet ?? i.source?.snippet ?? i.url ?? ""),
    );
  const text = [audit.displayValue, ...new Set(parts.filter(Boolean))].filter(Boolean).join("; ");
  return text || audit.title;
}

/** What holds a page's performance back: the metrics losing points and the opportunities Lighthouse finds. */
function performanceNote(m: Measured): string {
  const r = m.report;
  const out: string[] = [];
  // Every weighted metric that lost points, with its weight: the score is their weighted mean.
  const metrics = (r.categories.performance?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (r.audits[ref.id]?.score ?? 1) < 1);
  if (metrics.length)
    out.push(
      `metrics losing points: ${metrics.map((ref) => `${ref.id} ${r.audits[ref.id]!.displayValue ?? ""} (score ${r.audits[ref.id]!.score}, weight ${ref.weight}%)`).join(", ")}`,
    );
  const bootup: { url: string; scripting: number; total: number }[] = r.audits["bootup-time"]?.details?.items ?? [];
  const source = (url: string) => (url.includes("/assets/") ? fileOf(url) : url.startsWith("http") ? "the HTML document" : url);
  if (bootup.length)
    out.push(
      `main thread by source: ${bootup
        .slice(0, 3)
        .map((b) => `${source(b.url)} ${Math.round(b.total)} ms`)
        .join(", ")}`,
    );
  const blocking: { url: string; wastedMs: number }[] = r.audits["render-blocking-resources"]?.details?.items ?? [];
  if (blocking.length) out.push(`render-blocking: ${blocking.map((b) => `${fileOf(b.url)} (${Math.round(b.wastedMs)} ms)`).join(", ")}`);
  const unused: { url: string; wastedBytes: number }[] = r.audits["unused-javascript"]?.details?.items ?? [];
  if (unused.length) out.push(`unused JS: ${unused.map((u) => `${fileOf(u.url)} ${kb(u.wastedBytes)}`).join(", ")}`);
  out.push(lcpNote(m));
  return out.join("; ");
}

/** Where a page's main-thread time goes (its median run): by kind of work, by script, and its long tasks. */
function mainThreadRow(m: Measured): string {
  const audits = m.report.audits;
  const groups: { group: string; duration: number }[] = audits["mainthread-work-breakdown"]?.details?.items ?? [];
  const ms = (group: string) => Math.round(groups.find((g) => g.group === group)?.duration ?? 0);
  const bootup: { url: string; scripting: number }[] = audits["bootup-time"]?.details?.items ?? [];
  const scripts = bootup
    .slice(0, 3)
    .map((b) => `${b.url.includes("/assets/") ? fileOf(b.url) : b.url.startsWith("http") ? "document" : b.url} ${Math.round(b.scripting)}`)
    .join(", ");
  const longTasks = (audits["long-tasks"]?.details?.items ?? []).length;
  return `| ${m.page.name} ${m.page.lang} | ${Math.round(audits["mainthread-work-breakdown"]?.numericValue ?? 0)} | ${ms("scriptEvaluation")} | ${ms("scriptParseCompile")} | ${ms("styleLayout")} | ${ms("paintCompositeRender")} | ${ms("parseHTML")} | ${ms("garbageCollection")} | ${ms("other")} | ${scripts} | ${longTasks} |`;
}

function mainThreadTable(measured: Measured[]): string {
  return [
    "| page | main thread ms | script evaluation | parse & compile | style & layout | paint | HTML parse | GC | other | scripting ms by source (top 3) | long tasks |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...measured.filter((m) => m.formFactor === "mobile").map(mainThreadRow),
  ].join("\n");
}

/** The LCP element and where its time goes (TTFB, load delay, load time, render delay). */
function lcpNote(m: Measured): string {
  const tables: any[] = m.report.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const element = tables[0]?.items?.[0]?.node?.selector ?? "unknown element";
  const phases = (tables[1]?.items ?? []).map((p: { phase: string; timing: number }) => `${p.phase} ${Math.round(p.timing)} ms`).join(", ");
  return `LCP ${m.figures.lcpMs} ms on ${element}${phases ? ` (${phases})` : ""}`;
}

function clsNote(m: Measured): string {
  const items: any[] = m.report.audits["layout-shifts"]?.details?.items ?? [];
  return `CLS ${m.figures.cls}: ${
    items
      .slice(0, 3)
      .map((i) => `${i.node?.selector ?? "?"} (${Number(i.score).toFixed(3)})`)
      .join(", ") || "no shifting element reported"
  }`;
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

type Applied = { page: Page; fcpMs: number; lcpMs: number; performance: number | null };

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

function appliedTable(applied: Applied[], measured: Measured[]): string {
  const simulated = (a: Applied) => measured.find((m) => m.formFactor === "mobile" && m.page.path === a.page.path)!.figures;
  return [
    "| page | path | FCP ms | LCP ms | LCP ms, simulated | performance | performance, simulated |",
    "|---|---|---|---|---|---|---|",
    ...applied.map(
      (a) =>
        `| ${a.page.name} ${a.page.lang} | \`${a.page.path}\` | ${a.fcpMs} | ${a.lcpMs} | ${simulated(a).lcpMs} | ${a.performance} | ${simulated(a).performance} |`,
    ),
  ].join("\n");
}

/** Audits that lost points, grouped across pages: category, id, where, and one example of why. */
function failingList(measured: Measured[]) {
  const groups = new Map<string, { category: string; audit: Audit; where: string[]; excused: boolean }>();
  for (const m of measured) {
    for (const category of CATEGORIES) {
      for (const audit of failingAudits(m.report, category)) {
        const key = `${category} ${audit.id}`;
        const g = groups.get(key) ?? { category, audit, where: [], excused: true };
        g.where.push(label(m));
        g.excused &&= excusedOnNotFound(m, audit);
        groups.set(key, g);
      }
    }
  }
  return [...groups.values()];
}

const loadAverage = () => Number(loadavg()[0].toFixed(2));

/** Mobile: each page's runs as minimum / median / maximum, with the load average at each run's start. */
function mobileTable(measured: Measured[]): string {
  const rows = measured
    .filter((m) => m.formFactor === "mobile")
    .map((m) => {
      const of = (k: "performance" | "lcpMs" | "tbtMs" | "cls") => m.runs.map((r) => r[k] ?? 0);
      return `| ${m.page.name} ${m.page.lang} | \`${m.page.path}\` | ${spreadText(of("performance"))} | ${spreadText(of("lcpMs"))} | ${spreadText(of("tbtMs"))} | ${spreadText(of("cls"), 3)} | ${m.runs.map((r) => r.loadAtStart).join(", ")} | ${m.figures.accessibility} | ${m.figures.bestPractices} | ${m.figures.seo} | ${kb(m.figures.jsBytes)} | ${kb(m.figures.totalBytes)} |`;
    });
  return [
    "| page | path | performance | LCP ms | TBT ms | CLS | load at each run's start | accessibility | best practices | SEO | JS | total |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

function desktopTable(measured: Measured[]): string {
  const rows = measured
    .filter((m) => m.formFactor === "desktop")
    .map((m) => {
      const f = m.figures;
      return `| ${m.page.name} ${m.page.lang} | \`${m.page.path}\` | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${f.lcpMs} | ${f.cls} | ${f.tbtMs} | ${m.runs[0]!.loadAtStart} | ${kb(f.jsBytes)} | ${kb(f.totalBytes)} |`;
    });
  return [
    "| page | path | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms | load at start | JS | total |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

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

async function auditPages(baseURL: string, log: (line: string) => void): Promise<PartResult> {
  const loadAverageAtStart = loadavg().map((x) => Number(x.toFixed(2)));
  const pages = await pagesToAudit(baseURL);
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
  const homeScripts = { en: await javascriptBytes(baseURL, "/"), ar: await javascriptBytes(baseURL, "/ar") };
  // The map's own scripts: what /map loads that the home page does not (its route and the map component).
  const mapAll = await javascriptBytes(baseURL, "/map");
  const homeFiles = new Set(homeScripts.en.scripts.map((s) => s.url));
  const mapOwn = mapAll.scripts.filter((s) => !homeFiles.has(s.url));
  const mapScripts = { total: mapAll.bytes, own: mapOwn.reduce((n, s) => n + s.bytes, 0), files: mapOwn.map((s) => s.url) };
  const applied: Applied[] = [];
  for (const page of pages) {
    applied.push(await measureApplied(baseURL, page));
    log(`mobile, applied throttling ${page.path}: FCP ${applied.at(-1)!.fcpMs} ms LCP ${applied.at(-1)!.lcpMs} ms`);
  }

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
  // How much of the slowest page's LCP its scripts cost: the same page again with its JavaScript blocked.
  const slowest = [...mobile].sort((a, b) => b.figures.lcpMs - a.figures.lcpMs)[0]!;
  const withoutScripts = slowest.figures.lcpMs > LCP_BUDGET_MS ? await scriptCost(baseURL, slowest) : undefined;

  const failing = failingList(measured);
  const allRuns = measured.reduce((s, m) => s + m.runs.length, 0);
  const loads = measured.flatMap((m) => m.runs.map((r) => r.loadAtStart));
  const markdown = [
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

  const figures = {
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
  return { part: "lighthouse", figures, budgets, markdown };
}
