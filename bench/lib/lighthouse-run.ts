// Runs Lighthouse (its Node API) on Debian's Chromium, and measures a page's transferred JavaScript cheaply
// for the CI budget. Nothing here downloads a browser: chrome-launcher is given the system Chromium.
// Lighthouse is imported only when a run starts, so the CI test of the JS budget does not load it.
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { request } from "node:http";
import { request as requestTLS } from "node:https";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer, type ServerProcess } from "../../tests/setup/server-process.ts";

export type FormFactor = "mobile" | "desktop";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--no-first-run", "--disable-sync",
];
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; details?: any; numericValue?: number };
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
export async function runLighthouse(url: string, formFactor: FormFactor, { timeoutMs = 180_000, blockedUrlPatterns = [] as string[], throttlingMethod = "simulate" as "simulate" | "devtools" } = {}): Promise<Report> {
  const [chromeLauncher, { default: lighthouseRun }, { default: desktopConfig }] = await Promise.all([
    import("chrome-launcher"), import("lighthouse"), import("lighthouse/core/config/desktop-config.js"),
  ]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = lighthouseRun(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], ignoreStatusCode: true, blockedUrlPatterns, throttlingMethod },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Lighthouse timed out on ${url}`)), timeoutMs)));
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr as unknown as Report;
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

export type PageFigures = {
  performance: number | null; accessibility: number | null; bestPractices: number | null; seo: number | null;
  lcpMs: number; cls: number; tbtMs: number; ttfbMs: number; jsBytes: number; totalBytes: number; requests: number;
};

const score = (report: Report, id: string) => {
  const s = report.categories[id]?.score;
  return s == null ? null : Math.round(s * 100);
};

/** The figures the bench records for one page and form factor. */
export function figuresOf(report: Report): PageFigures {
  const numeric = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const summary: { resourceType: string; transferSize: number; requestCount: number }[] = report.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type: string) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score(report, "performance"), accessibility: score(report, "accessibility"),
    bestPractices: score(report, "best-practices"), seo: score(report, "seo"),
    lcpMs: Math.round(numeric("largest-contentful-paint")), cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
    tbtMs: Math.round(numeric("total-blocking-time")), ttfbMs: Math.round(numeric("server-response-time")),
    jsBytes: bytes("script"), totalBytes: bytes("total"), requests: summary.find((i) => i.resourceType === "total")?.requestCount ?? 0,
  };
}

/** Audits of a category that lost points (binary or numeric below 0.9), heaviest weight first. */
export function failingAudits(report: Report, category: string): Audit[] {
  const refs = report.categories[category]?.auditRefs ?? [];
  return refs
    .filter((r) => r.weight > 0 || category !== "performance")
    .map((r) => ({ ref: r, audit: report.audits[r.id]! }))
    .filter(({ audit }) => audit && audit.score !== null && ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode) && audit.score < (audit.scoreDisplayMode === "binary" ? 1 : 0.9))
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

/** The body size of a GET as sent on the wire (before decompression), with the browser's Accept-Encoding. */
export function transferredBodyBytes(url: string, timeoutMs = 10_000): Promise<{ status: number; bytes: number; body: Buffer; encoding?: string }> {
  const send = url.startsWith("https:") ? requestTLS : request;
  return new Promise((resolve, reject) => {
    const req = send(url, { headers: { "accept-encoding": "br, gzip", accept: "*/*" }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body, encoding: res.headers["content-encoding"] });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timed out: ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * The JavaScript a page makes the browser download, compressed as sent with Accept-Encoding br: the page's
 * `<script src>` and `<link rel="modulepreload">` responses, each counted once. It is what Lighthouse counts
 * for a page whose code is all preloaded (React Router preloads every module of the matched routes); the
 * bench reports both figures so a gap (a script fetched only after hydration) shows.
 */
export async function javascriptBytes(baseURL: string, path: string): Promise<{ bytes: number; scripts: { url: string; bytes: number }[] }> {
  const pageURL = new URL(path, baseURL);
  const html = await fetch(pageURL, { headers: { accept: "text/html" } }).then((r) => r.text());
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const src = tag.match(isScript ? /\bsrc=["']([^"']+)["']/i : /\bhref=["']([^"']+)["']/i)?.[1];
    if (src) urls.add(new URL(src.replace(/&amp;/g, "&"), pageURL).href);
  }
  // A hundred scripts is far more than any page of the site loads: stop there rather than loop on a bad page.
  const scripts: { url: string; bytes: number }[] = [];
  for (const url of [...urls].slice(0, 100)) {
    const { status, bytes } = await transferredBodyBytes(url);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    scripts.push({ url: new URL(url).pathname, bytes });
  }
  return { bytes: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts };
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
