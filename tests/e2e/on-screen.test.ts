// Every panel that opens is really on screen: the element a person would click is the one at its centre
// (document.elementFromPoint), and clicking it works. Attributes such as aria-expanded or a layout box can
// be right while nothing shows (the mobile menu once opened as a thin empty strip under the bar).
// At a phone's and a desktop's width, in English and in Arabic (mirrored).
import { describe, expect, it } from "vitest";
import { baseURL, clickCentre, expectOnScreen, useBrowser } from "./browser.ts";
import { findPlace, placePath } from "./api-helpers.ts";

const WIDTHS = [375, 1280] as const;
const LANGUAGES = [
  ["en", ""],
  ["ar", "/ar"],
] as const;
const CASES = WIDTHS.flatMap((width) => LANGUAGES.map(([language, prefix]) => ({ width, language, prefix })));

describe("panels on screen", () => {
  const { open } = useBrowser();

  it.each(CASES.filter((c) => c.width === 375))(
    "the mobile menu shows every link and a tap navigates ($width px, $language)",
    async ({ width, prefix }) => {
      const page = await open(`${prefix}/about`, { width, height: 740 });
      expect(await page.locator(".nav-links a").first().isVisible()).toBe(false);
      await clickCentre(page, page.locator(".menu-toggle"));
      await page.waitForFunction(() => document.querySelector(".menu-toggle")?.getAttribute("aria-expanded") === "true");
      await expectOnScreen(page.locator(".nav-links a"), 6);
      // The panel fills the screen below the bar, not a strip of it.
      const panel = await page.locator(".nav-links").boundingBox();
      expect(panel!.height).toBeGreaterThan(300);
      expect(panel!.width).toBe(width);
      await clickCentre(page, page.locator(`.nav-links a[href="${prefix}/contact"]`));
      await page.waitForURL(`${baseURL()}${prefix}/contact`);
      await page.waitForFunction(() => document.querySelector(".menu-toggle")?.getAttribute("aria-expanded") === "false");
      expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    },
  );

  it.each(CASES.filter((c) => c.width === 1280))(
    "the navigation links are on the bar and a click navigates ($width px, $language)",
    async ({ width, prefix }) => {
      const page = await open(`${prefix}/about`, { width });
      expect(await page.locator(".menu-toggle").isVisible()).toBe(false);
      await expectOnScreen(page.locator(".nav-links a"), 6);
      await clickCentre(page, page.locator(`.nav-links a[href="${prefix}/culture"]`));
      await page.waitForURL(`${baseURL()}${prefix}/culture`);
    },
  );

  it.each(CASES)(
    "the language menu shows all seven languages and a choice navigates ($width px, $language)",
    async ({ width, prefix, language }) => {
      const page = await open(`${prefix}/destinations`, { width });
      await clickCentre(page, page.locator(".language-button"));
      await expectOnScreen(page.locator(".language-menu a"), 7);
      const other = language === "ar" ? "fr" : "ar";
      await clickCentre(page, page.locator(`.language-menu a[lang="${other}"]`));
      await page.waitForURL(`${baseURL()}/${other}/destinations`);
    },
  );

  it.each(CASES)(
    "the search panel, its field and its results are on screen and a result navigates ($width px, $language)",
    async ({ width, prefix, language }) => {
      const page = await open(prefix || "/", { width });
      await clickCentre(page, page.locator(".search > .icon-button"));
      await expectOnScreen(page.locator(".search-panel input"));
      await page.locator(".search-panel input").fill(language === "ar" ? "تدمر" : "Palmyra");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".search-results a");
      await expectOnScreen(page.locator(".search-results a").first());
      const href = await page.locator(".search-results a").first().getAttribute("href");
      await clickCentre(page, page.locator(".search-results a").first());
      await page.waitForURL(`${baseURL()}${href}`);
    },
  );

  it.each(CASES)(
    "the lightbox shows the picture and its buttons, and Close closes it ($width px, $language)",
    async ({ width, prefix }) => {
      const mosque = await findPlace("Umayyad Mosque");
      const page = await open(`${placePath(mosque, prefix)}/images`, { width });
      await page.locator(".image-button").first().scrollIntoViewIfNeeded();
      await clickCentre(page, page.locator(".image-button").first());
      await page.waitForSelector("dialog.lightbox[open] img");
      await expectOnScreen(page.locator("dialog.lightbox[open] img"));
      await expectOnScreen(page.locator(".lightbox-controls button"), 3);
      await clickCentre(page, page.locator(".lightbox-controls button").last());
      await page.waitForFunction(() => !document.querySelector("dialog.lightbox[open]"));
    },
  );
  it.each(LANGUAGES.map(([language, prefix]) => ({ language, prefix })))(
    "no page is wider than a 375 px phone ($language)",
    async ({ prefix }) => {
      const mosque = await findPlace("Umayyad Mosque");
      const site = placePath(mosque);
      const paths = [
        "",
        "/destinations",
        "/culture",
        "/experiences",
        "/about",
        "/contact",
        "/privacy",
        "/services",
        site,
        `${site}/images`,
        `${site}/info`,
      ];
      const page = await open(`${prefix}/about`, { width: 375, height: 740 });
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(baseURL() + (prefix + path || "/"), { waitUntil: "networkidle" });
        const { scroll, client } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        if (scroll > client) wide.push(`${prefix + path || "/"}: ${scroll} px`);
      }
      expect(wide).toEqual([]);
    },
  );
});
