// One Chromium (Debian's, through playwright-core) per test file, and pages that fail the test on any
// console error, page error (hydration mismatches included) or request to another host.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchChromium } from "../../harness/chromium.ts";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

export const baseURL = () => inject("baseURL");

/** A software GL, so pages that draw with WebGL render the same on every machine. */
const SOFTWARE_GL = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"];

export type Problems = { errors: string[]; thirdParty: string[] };

export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: Problems = { errors: [], thirdParty: [] };

  beforeAll(async () => {
    browser = await launchChromium(SOFTWARE_GL);
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
  async function open(
    path: string,
    options: {
      width?: number;
      height?: number;
      reducedMotion?: boolean;
      allowErrors?: RegExp[];
      storage?: Record<string, string>;
      /** Another server than the one of the global setup (the PostgreSQL one of the content journey). */
      base?: string;
      /** A visitor whose browser runs no script. */
      noScript?: boolean;
      /**
       * Let the site's service worker run (the offline tests). Other tests block it, so that each page they
       * open comes from the server and their intercepted requests are not answered by a worker instead.
       */
      serviceWorkers?: boolean;
      /** A browser that says this of itself (the statistics' test looks for it where it must never be kept). */
      userAgent?: string;
      /** Headers the browser sends with every request (Save-Data: on, for a visitor saving data). */
      headers?: Record<string, string>;
    } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      reducedMotion: options.reducedMotion ? "reduce" : "no-preference",
      javaScriptEnabled: !options.noScript,
      serviceWorkers: options.serviceWorkers ? "allow" : "block",
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.headers ? { extraHTTPHeaders: options.headers } : {}),
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
    const base = options.base ?? baseURL();
    const origin = new URL(base).host;
    page.on("console", (m) => {
      if (m.type() === "error" && !(options.allowErrors ?? []).some((re) => re.test(m.text())))
        // The page's address, the message, and the resource it is about (a failed request names no address).
        problems.errors.push(`${page.url()}: ${m.text()}${m.location().url ? ` (${m.location().url})` : ""}`);
    });
    page.on("pageerror", (e) => problems.errors.push(`${page.url()}: ${e.message}`));
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.host !== origin) problems.thirdParty.push(r.url());
    });
    await page.goto(base + path, { waitUntil: "networkidle" });
    // A page sent without scripts (the offline page) is ready once loaded; any other waits for hydration.
    const scripted = await page.locator("script[type=module]").count();
    if (!options.noScript && scripted) await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    return page;
  }

  return { open, problems };
}

/** The page still wears the site's stylesheet: the inline <style> is whole and the bar is laid out by it. */
export async function expectStyled(page: Page) {
  expect(
    await page.evaluate(() => [...document.querySelectorAll("head style")].reduce((n, s) => n + (s.textContent?.length ?? 0), 0)),
  ).toBeGreaterThan(5000);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector(".navbar")!).position)).toBe("sticky");
}

/** What is drawn at the centre of each element: the element itself (or something inside it), or what covers it. */
async function coveredAt(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.map((el) => {
      // An inline element that wraps is drawn in pieces, and the middle of the box around them may fall between
      // two: the middle of its first piece is drawn by it.
      const pieces = el.getClientRects();
      const box = pieces.length > 1 ? pieces[0]! : el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return `${el.textContent?.trim()}: no size`;
      const x = box.left + box.width / 2,
        y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `${el.textContent?.trim()}: off screen at ${x},${y}`;
      const hit = document.elementFromPoint(x, y);
      return hit && (hit === el || el.contains(hit)) ? "ok" : `${el.textContent?.trim()}: covered by ${hit?.outerHTML.slice(0, 80)}`;
    }),
  );
}

export async function expectOnScreen(locator: Locator, atLeast = 1) {
  // A client navigation changes the address before React has drawn the new page: wait for the element.
  await locator.nth(atLeast - 1).waitFor({ state: "attached" });
  const results = await coveredAt(locator);
  expect(results.length).toBeGreaterThanOrEqual(atLeast);
  expect(results.filter((r) => r !== "ok")).toEqual([]);
}

/**
 * Holds back requests to `url` (only the next `times` of them, when given), as a slow link would, until the
 * returned function lets them go. A request the page has cancelled meanwhile (it moved on) is dropped.
 */
export async function holdBack(page: Page, url: string | RegExp, { times }: { times?: number } = {}) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    url,
    async (route) => {
      await held;
      await route.continue().catch(() => {});
    },
    { times },
  );
  return async () => {
    release();
    await page.unroute(url);
  };
}

/** Clicks where a person would (the centre, by coordinates), so a covered element cannot be clicked through. */
export async function clickCentre(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("nothing to click");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
