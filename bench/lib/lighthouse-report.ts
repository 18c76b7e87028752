// The Lighthouse part's report (bench/parts/lighthouse.ts): its tables, and the notes that say why a page
// or an audit lost points.
import { CATEGORIES, failingAudits, type Audit, type FormFactor, type PageFigures, type Report } from "./lighthouse-run.ts";
import { spreadText } from "./spread.ts";

export type Page = { name: string; lang: "en" | "ar"; path: string };
/** One Lighthouse run's figures, with the machine's one-minute load average when it started. */
export type RunFigures = PageFigures & { loadAtStart: number };
export type Measured = {
  page: Page;
  formFactor: FormFactor;
  /** The run with the median performance score: its audits explain the figures. */
  report: Report;
  figures: PageFigures;
  runs: RunFigures[];
};

// A not-found page answers 404, asks not to be indexed, and its own 404 shows in the console: that is what it
// should do, so those audits are left out of its budgets (the tables keep Lighthouse's own scores).
const BY_DESIGN_ON_NOT_FOUND = new Set(["http-status-code", "is-crawlable"]);

export function excusedOnNotFound(m: Measured, audit: Audit): boolean {
  if (m.page.name !== "not found") return false;
  if (BY_DESIGN_ON_NOT_FOUND.has(audit.id)) return true;
  if (audit.id !== "errors-in-console") return false;
  const items: { sourceLocation?: { url?: string } }[] = audit.details?.items ?? [];
  return items.every((i) => i.sourceLocation?.url && new URL(i.sourceLocation.url).pathname === m.page.path);
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const label = (m: Measured) => `${m.page.name} ${m.page.lang} (${m.formFactor})`;
export const fileOf = (url: string) => url.split("/").pop() ?? url;

/** One line on why an audit failed: the console messages, issues, elements or value it reports. */
export function auditDetail(audit: Audit): string {
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
export function performanceNote(m: Measured): string {
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

export function mainThreadTable(measured: Measured[]): string {
  return [
    "| page | main thread ms | script evaluation | parse & compile | style & layout | paint | HTML parse | GC | other | scripting ms by source (top 3) | long tasks |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...measured.filter((m) => m.formFactor === "mobile").map(mainThreadRow),
  ].join("\n");
}

/** The LCP element and where its time goes (TTFB, load delay, load time, render delay). */
export function lcpNote(m: Measured): string {
  const tables: any[] = m.report.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const element = tables[0]?.items?.[0]?.node?.selector ?? "unknown element";
  const phases = (tables[1]?.items ?? []).map((p: { phase: string; timing: number }) => `${p.phase} ${Math.round(p.timing)} ms`).join(", ");
  return `LCP ${m.figures.lcpMs} ms on ${element}${phases ? ` (${phases})` : ""}`;
}

export function clsNote(m: Measured): string {
  const items: any[] = m.report.audits["layout-shifts"]?.details?.items ?? [];
  return `CLS ${m.figures.cls}: ${
    items
      .slice(0, 3)
      .map((i) => `${i.node?.selector ?? "?"} (${Number(i.score).toFixed(3)})`)
      .join(", ") || "no shifting element reported"
  }`;
}

export type Applied = { page: Page; fcpMs: number; lcpMs: number; performance: number | null };

export function appliedTable(applied: Applied[], measured: Measured[]): string {
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
export function failingList(measured: Measured[]) {
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

/** Mobile: each page's runs as minimum / median / maximum, with the load average at each run's start. */
export function mobileTable(measured: Measured[]): string {
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

export function desktopTable(measured: Measured[]): string {
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
