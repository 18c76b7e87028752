import { describe, expect, it } from "vitest";
import type { Page, Request, Route } from "playwright-core";
import { baseURL, useBrowser } from "./browser.ts";

const isSearch = (r: Request) => r.url().includes("/back/api/user/place1/search");

describe("search box", () => {
  const { open } = useBrowser();
  async function openSearch(page: Page) {
    await page.click(".search .icon-button");
    await page.waitForSelector(".search-panel input");
  }

  it("searches after a 1000 ms pause with the API call of SPEC.md, and goes to the chosen place", async () => {
    const page = await open("/");
    await openSearch(page);
    expect(await page.getAttribute(".search .icon-button", "aria-expanded")).toBe("true");
    const requests: Request[] = [];
    page.on("request", (r) => {
      if (isSearch(r)) requests.push(r);
    });
    const started = Date.now();
    await page.fill(".search-panel input", "palmira");
    const request = await page.waitForRequest(isSearch);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(request.url()).toBe(`${baseURL()}/back/api/user/place1/search?page=1&per_page=10`);
    expect(request.postDataJSON()).toEqual({ name: "palmira", star: 0, service: 0, language: 1 });
    await page.waitForSelector(".search-results a");
    expect(requests).toHaveLength(1);
    const first = page.locator(".search-results a").first();
    expect(await first.textContent()).toBe("Palmyra");
    await first.click();
    await page.waitForURL(/\/cities\/\d+\/sites\/\d+\/action\/\d+$/);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Palmyra");
    const [, cat, city] = page.url().match(/cities\/(\d+)\/sites\/(\d+)/)!;
    expect(await page.evaluate(() => [localStorage.getItem("category_place_id"), localStorage.getItem("city_place_id")])).toEqual([
      cat,
      city,
    ]);
  });

  it("disables the input while loading, shows no-results, and sends nothing for a blank query", async () => {
    const page = await open("/");
    await openSearch(page);
    let count = 0;
    page.on("request", (r) => {
      if (isSearch(r)) count++;
    });
    // A blank query sends nothing, then or later: the page's clock is moved on past any delay the search has.
    await page.clock.install();
    await page.fill(".search-panel input", "   ");
    await page.press(".search-panel input", "Enter");
    await page.clock.runFor(5_000);
    await page.evaluate(() => fetch("/healthz"));
    expect(count).toBe(0);
    await page.clock.resume();
    // Hold the answer so the loading state can be seen.
    await page.route("**/place1/search*", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.fill(".search-panel input", "zzzzqqqq");
    await page.press(".search-panel input", "Enter");
    await page.waitForSelector(".search-panel input:disabled");
    expect(await page.locator(".search-panel button[type=submit]:disabled").count()).toBe(1);
    await page.waitForSelector(".search-status p");
    await page.waitForFunction(() => !document.querySelector<HTMLInputElement>(".search-panel input")?.disabled);
    expect(await page.textContent(".search-status")).toBe("No results found");
    expect(count).toBe(1);
  });

  it("finds a place typed in Arabic and answers in Arabic", async () => {
    const page = await open("/ar");
    await openSearch(page);
    await page.fill(".search-panel input", "تدمر");
    await page.press(".search-panel input", "Enter");
    await page.waitForSelector(".search-results a");
    expect(await page.locator(".search-results a").first().textContent()).toBe("تدمر");
    expect(await page.locator(".search-results a").first().getAttribute("href")).toMatch(/^\/ar\/cities\//);
  });

  it("closes on Escape and on a mousedown outside, clearing the query", async () => {
    const page = await open("/");
    await openSearch(page);
    await page.fill(".search-panel input", "aleppo");
    await page.keyboard.press("Escape");
    await page.waitForSelector(".search-panel input", { state: "detached" });
    await openSearch(page);
    expect(await page.inputValue(".search-panel input")).toBe("");
    await page.mouse.click(600, 700);
    await page.waitForSelector(".search-panel input", { state: "detached" });
  });

  it("takes focus back every 100 ms while open, but lets the keyboard reach the results", async () => {
    const page = await open("/");
    // The page's clock is faked before the search opens, so that its refocusing timer can be moved past.
    await page.clock.install();
    await openSearch(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.waitForFunction(() => document.activeElement?.matches(".search-panel input"), null, { timeout: 500 });
    await page.fill(".search-panel input", "citadel");
    await page.press(".search-panel input", "Enter");
    await page.waitForSelector(".search-results a");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    // Three of its turns later, focus is still in the results.
    await page.clock.runFor(300);
    expect(await page.evaluate(() => document.activeElement?.closest(".search-results") !== null)).toBe(true);
  });
  it.each([
    ["the network fails", (route: Route) => route.abort("failed")],
    [
      "a proxy answers 502 with its own page",
      (route: Route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
    ],
  ])("answers a failed search as no results, and searches again once it works, when %s (SPEC.md §8)", async (_label, fail) => {
    const page = await open("/", { allowErrors: [/Failed to load resource|status of 502/] });
    await openSearch(page);
    await page.route("**/place1/search*", fail);
    await page.fill(".search-panel input", "Palmyra");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".search-status p >> text=No results found");
    expect(await page.locator(".search-panel input").isEnabled()).toBe(true);
    await page.unroute("**/place1/search*");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".search-results a >> text=Palmyra");
  });
});
