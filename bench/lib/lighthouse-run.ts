// Runs Lighthouse (its Node API) on Debian's Chromium, and measures a page's transferred JavaScript cheaply
// for the CI budget. Nothing here downloads a browser: chrome-launcher is given the system Chromium.
// Lighthouse is imported only when a run starts, so the CI test of the JS budget does not load it.
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer, type ServerProcess } from "../../harness/server-process.ts";
import { javascriptBytes } from "../../harness/page-weight.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../harness/chromium.ts";

export type FormFactor = "mobile" | "desktop";

// Lighthouse starts Chromium itself (chrome-launcher), with the harness's flags, headless.
const LIGHTHOUSE_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: any;
  numericValue?: number;
};
export type Report = {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }>;
  audits: Record<string, Audit>;
};

/**
 * One Lighthouse run in a fresh Chromium: mobile is Lighthouse's default (Moto G Power emulation, simulated
 * slow 4G and 4x CPU slowdown); desktop is its desktop preset. `ignoreStatusCode` lets a 404 page be audited;
 * `blockedUrlPatterns` serves to measure what a page would score without some of its requests;
 * `throttlingMethod: "devtools"` loads the page through the same slow network and CPU instead of simulating them.
 */
export async function runLighthouse(
  url: string,
  formFactor: FormFactor,
  { timeoutMs = 180_000, blockedUrlPatterns = [] as string[], throttlingMethod = "simulate" as "simulate" | "devtools" } = {},
): Promise<Report> {
  const [chromeLauncher, { default: lighthouseRun }, { default: desktopConfig }] = await Promise.all([
    import("chrome-launcher"),
    import("lighthouse"),
    import("lighthouse/core/config/desktop-config.js"),
  ]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: LIGHTHOUSE_FLAGS, logLevel: "silent" });
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = lighthouseRun(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        ignoreStatusCode: true,
        blockedUrlPatterns,
        throttlingMethod,
      },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`Lighthouse timed out on ${url}`)), timeoutMs)),
    );
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr as unknown as Report;
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

export type PageFigures = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  ttfbMs: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
};

const score = (report: Report, id: string) => {
  const s = report.categories[id]?.score;
  return s == null ? null : Math.round(s * 100);
};

/** The figures the bench records for one page and form factor. */
export function figuresOf(report: Report): PageFigures {
  const numeric = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const summary: { resourceType: string; transferSize: number; requestCount: number }[] =
    report.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type: string) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score(report, "performance"),
    accessibility: score(report, "accessibility"),
    bestPractices: score(report, "best-practices"),
    seo: score(report, "seo"),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
    tbtMs: Math.round(numeric("total-blocking-time")),
    ttfbMs: Math.round(numeric("server-response-time")),
    jsBytes: bytes("script"),
    totalBytes: bytes("total"),
    requests: summary.find((i) => i.resourceType === "total")?.requestCount ?? 0,
  };
}

/** Audits of a category that lost points (binary or numeric below 0.9), heaviest weight first. */
export function failingAudits(report: Report, category: string): Audit[] {
  const refs = report.categories[category]?.auditRefs ?? [];
  return refs
    .filter((r) => r.weight > 0 || category !== "performance")
    .map((r) => ({ ref: r, audit: report.audits[r.id]! }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode) &&
        audit.score < (audit.scoreDisplayMode === "binary" ? 1 : 0.9),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ audit }) => audit);
}

/** The largest scripts of a run, from the network-requests audit (transferred, compressed bytes). */
export function largestScripts(report: Report, count = 5): { url: string; transferSize: number }[] {
  const items: { url: string; resourceType?: string; transferSize?: number }[] = report.audits["network-requests"]?.details?.items ?? [];
  return items
    .filter((i) => i.resourceType === "Script")
    .map((i) => ({ url: new URL(i.url).pathname, transferSize: i.transferSize ?? 0 }))
    .sort((a, b) => b.transferSize - a.transferSize)
    .slice(0, count);
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The site on a private copy of build/, started from a scratch folder. The server reads its static assets from
 * build/client at every request, and other test runs on this shared machine rebuild build/ from their own
 * sources: a long audit on the shared folder ends up measuring pages whose scripts no longer exist. The copy
 * is checked (every script of the home page answers) and taken again, three times at most, if a build was
 * being written while it was copied.
 */
export async function startOnPrivateBuild(scratchDir: string, log: (line: string) => void): Promise<ServerProcess> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const dir = join(scratchDir, `lighthouse-site-${attempt}`);
    mkdirSync(dir, { recursive: true });
    cpSync(join(ROOT, "build"), join(dir, "build"), { recursive: true });
    // The server bundle imports react, react-router... by name: resolve them from the project.
    if (!existsSync(join(dir, "node_modules"))) symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
    const site = await startServer(
      { SQLITE_PATH: join(dir, "site.sqlite"), MEDIA_DIR: join(ROOT, "data/media"), CONTENT_DIR: join(ROOT, "content"), LOG_LEVEL: "warn" },
      { cwd: dir, timeoutMs: 300_000 },
    );
    try {
      await javascriptBytes(site.url, "/");
      return site;
    } catch (error) {
      log(`build copy ${attempt} is incomplete (${(error as Error).message}); copying again`);
      await site.stop();
      await new Promise((r) => setTimeout(r, 20_000));
    }
  }
  throw new Error("could not copy a complete build/ (another build kept writing it)");
}
