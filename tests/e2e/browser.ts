// One Chromium (Debian's, through playwright-core) per test file, and pages that fail the test on any
// console error, page error (hydration mismatches included) or request to another host.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

export const baseURL = () => inject("baseURL");

const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
];

export type Problems = { errors: string[]; thirdParty: string[] };

export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: Problems = { errors: [], thirdParty: [] };

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const { errors, thirdParty } = problems;
    problems.errors = [];
    problems.thirdParty = [];
    if (errors.length) throw new Error(`console or page errors:\n${errors.join("\n")}`);
    if (thirdParty.length) throw new Error(`requests to other hosts:\n${thirdParty.join("\n")}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh page (its own storage) at a viewport; `allowErrors` lists console texts a test expects. */
  async function open(path: string, options: { width?: number; height?: number; reducedMotion?: boolean; allowErrors?: RegExp[]; storage?: Record<string, string> } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      reducedMotion: options.reducedMotion ? "reduce" : "no-preference",
    });
    contexts.push(context);
    if (options.storage) {
      await context.addInitScript((entries) => {
        if (!sessionStorage.getItem("__seeded")) {
          for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
          sessionStorage.setItem("__seeded", "1");
        }
      }, options.storage);
    }
    const page = await context.newPage();
    const origin = new URL(baseURL()).host;
    page.on("console", (m) => {
      if (m.type() === "error" && !(options.allowErrors ?? []).some((re) => re.test(m.text()))) problems.errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.errors.push(`${page.url()}: ${e.message}`));
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.host !== origin) problems.thirdParty.push(r.url());
    });
    await page.goto(baseURL() + path, { waitUntil: "networkidle" });
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    return page;
  }

  return { open, problems };
}
