import { describe, expect, it } from "vitest";
import type { Route } from "playwright-core";
import { baseURL, expectOnScreen, expectStyled, useBrowser } from "./browser.ts";

describe("navigation", () => {
  const { open } = useBrowser();

  it("links to anchors on the home page and to routes elsewhere", async () => {
    const home = await open("/");
    expect(await home.$$eval(".nav-links a", (as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "#home",
      "#destinations",
      "#experiences",
      "#culture",
      "/about",
      "/contact",
    ]);
    const about = await open("/ar/about");
    expect(await about.$$eval(".nav-links a", (as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/ar",
      "/ar/destinations",
      "/ar/experiences",
      "/ar/culture",
      "/ar/about",
      "/ar/contact",
    ]);
    // The search box is on the home page only.
    expect(await home.locator(".search").count()).toBe(1);
    expect(await about.locator(".search").count()).toBe(0);
  });

  it("takes the scrolled style past 20 px", async () => {
    const page = await open("/");
    expect(await page.locator(".navbar.is-scrolled").count()).toBe(0);
    await page.mouse.wheel(0, 400);
    await page.waitForSelector(".navbar.is-scrolled");
  });

  it("opens the mobile menu, locks scrolling, and closes it on each of its triggers", async () => {
    const page = await open("/about", { width: 390, height: 800 });
    const toggle = page.locator(".menu-toggle");
    const menu = page.locator(".nav-links");
    const openMenu = async () => {
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await menu.isVisible()).toBe(true);
      await expectOnScreen(page.locator(".nav-links a"), 6);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    };
    const expectClosed = async () => {
      await page.waitForFunction(() => document.querySelector(".menu-toggle")?.getAttribute("aria-expanded") === "false");
      expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    };
    await openMenu();
    // The open menu covers the page below the bar: the logo is outside it.
    await page.locator(".brand").dispatchEvent("mousedown");
    await expectClosed();
    await openMenu();
    await page.evaluate(() => window.dispatchEvent(new Event("scroll")));
    await expectClosed();
    await openMenu();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expectClosed();
    await page.setViewportSize({ width: 390, height: 800 });
    await openMenu();
    await page.click(".nav-links a[href='/contact']");
    await page.waitForURL(`${baseURL()}/contact`);
    await expectClosed();
  });

  it("switches language from the dropdown: URL, direction, lang and saved choice", async () => {
    const page = await open("/destinations");
    const button = page.locator(".language-button");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page.click('.language-menu a[lang="ar"]');
    await page.waitForURL(`${baseURL()}/ar/destinations`);
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    expect(await page.evaluate(() => [localStorage.getItem("language"), localStorage.getItem("language_id")])).toEqual(["ar", "2"]);
    await page.waitForFunction(() => /\p{Script=Arabic}/u.test(document.querySelector("h1")?.textContent ?? ""));
  });

  it("moves a visitor who chose Arabic from an English URL to the Arabic one before the first paint", async () => {
    const page = await open("/culture", { storage: { language: "ar", language_id: "2" } });
    expect(page.url()).toBe(`${baseURL()}/ar/culture`);
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
  });

  it("lets an explicit language prefix win and become the saved choice", async () => {
    const page = await open("/fr/about", { storage: { language: "ar", language_id: "2" } });
    expect(page.url()).toBe(`${baseURL()}/fr/about`);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fr");
  });

  it("shows the overlay on a path change, scrolls to the top and focuses the new heading", async () => {
    const page = await open("/about");
    await page.mouse.wheel(0, 600);
    await page.click(".footer a[href='/privacy']");
    await page.waitForSelector(".page-overlay", { state: "attached" });
    await page.waitForURL(`${baseURL()}/privacy`);
    await page.waitForSelector(".page-overlay", { state: "detached" });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
  });

  it.each([
    ["the network fails", (route: Route) => route.abort("failed")],
    [
      "a proxy answers 502 with its own page",
      (route: Route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
    ],
  ])("shows the error page in the site's look when a page's data cannot be fetched because %s", async (_label, fail) => {
    const page = await open("/ar/about", { allowErrors: [/Failed to load resource|status of 502/] });
    await page.route("**/*.data*", fail);
    await page.click(".footer a[href='/ar/privacy']");
    await page.waitForSelector("main h1");
    await page.waitForFunction(
      () => document.querySelector("main")?.textContent?.match(/\p{Script=Arabic}/u) && !location.pathname.endsWith("/about"),
    );
    await expectStyled(page);
    // The frame is still there, in the visitor's language: the bar, and a way back.
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    expect(await page.locator(".navbar .brand").isVisible()).toBe(true);
  });

  it("shows the overlay in the very frame the path changes, fully opaque, and for 500 ms", async () => {
    for (const [from, to] of [
      ["/about", "/privacy"],
      ["/ar/privacy", "/ar/about"],
    ]) {
      const page = await open(from);
      // Every animation frame: the path, the heading on screen, and the overlay's opacity (null when absent).
      await page.evaluate(() => {
        const frames: Array<[number, string, string, string | null]> = [];
        (window as any).frames_ = frames;
        const tick = (t: number) => {
          const overlay = document.querySelector(".page-overlay");
          frames.push([
            t,
            location.pathname,
            document.querySelector("main h1")?.textContent ?? "",
            overlay ? getComputedStyle(overlay).opacity : null,
          ]);
          if (frames.length < 600) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const before = await page.textContent("main h1");
      await page.click(`.footer a[href='${to}']`);
      await page.waitForURL(`${baseURL()}${to}`);
      // Until the frames show the new page and, after it, the overlay gone.
      await page.waitForFunction((heading) => {
        const frames = (window as any).frames_ as Array<[number, string, string, string | null]>;
        const changed = frames.findIndex(([, , h]) => h !== heading);
        return changed > 0 && frames.some(([, , , opacity], i) => i > changed && opacity === null);
      }, before);
      const frames = (await page.evaluate(() => (window as any).frames_)) as Array<[number, string, string, string | null]>;
      // The router writes the address a frame or more before React shows the new page: what a visitor sees
      // change is the page, so the overlay must be there, opaque, in the first frame of the new page.
      const changed = frames.findIndex(([, , heading]) => heading !== before);
      expect(changed).toBeGreaterThan(0);
      expect(frames[changed][1]).toBe(to);
      expect(frames[changed][3], "overlay opacity in the first frame of the new page").toBe("1");
      const off = frames.findIndex(([, , , opacity], i) => i > changed && opacity === null);
      expect(off).toBeGreaterThan(changed);
      // Frame times are sums of a 16.67 ms period in floating point: 30 frames can read 499.9999 ms.
      const shownMs = Math.round(frames[off][0] - frames[changed][0]);
      expect(shownMs).toBeGreaterThanOrEqual(500);
      expect(shownMs).toBeLessThan(1000);
      // Before, the old page was not covered (the loading bar tells that data is on its way).
      expect(frames.slice(0, changed).filter(([, , , opacity]) => opacity !== null)).toEqual([]);
    }
  });

  it("keeps the stylesheet when the whole page, frame included, fails on the client (a language switch over a dropped network)", async () => {
    const page = await open("/about", { allowErrors: [/Failed to load resource/] });
    await page.route("**/*.data*", (route) => route.abort("failed"));
    await page.click(".language-button");
    await page.click('.language-menu a[lang="fr"]');
    await page.waitForFunction(() => location.pathname === "/fr/about" && !document.querySelector(".navbar"));
    expect(await page.evaluate(() => document.getElementById("site-css")?.textContent?.length ?? 0)).toBeGreaterThan(5000);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^"?Times/);
  });

  it("answers unknown paths and unknown ids with the not-found page and HTTP 404", async () => {
    for (const path of ["/no/such/page", "/cities/999999/sites/999999/action/999999", "/xx/about", "/en/about", "/ar/cities/abc"]) {
      const res = await fetch(baseURL() + path);
      expect(res.status, path).toBe(404);
    }
    const page = await open("/ar/nothing-here", { allowErrors: [/status of 404/] });
    expect(await page.locator("main a.button").getAttribute("href")).toBe("/ar");
    expect(await page.getAttribute('meta[name="robots"]', "content")).toBe("noindex");
  });
});
