// What a traveller plans with: the map of every place (with and without a script, in English and in Arabic,
// on a phone and a laptop), a place's status and practical facts, the trip-planning guide, saved places that
// stay on the device and work offline, a shared trip, and the site as an installable app.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, clickCentre, expectOnScreen, useBrowser } from "./browser.ts";
import { findPlace, placePath } from "./api-helpers.ts";

type ApiPlace = Awaited<ReturnType<typeof findPlace>> & {
  status: { state: string; verified: string; source: { name: string; url: string | null } | null; seen: boolean } | null;
  practical: Record<string, string | number>;
  governorate: string | null;
  safety: string | null;
};

async function apiPlace(name: string, language = 1): Promise<ApiPlace> {
  return (await findPlace(name, language)) as ApiPlace;
}

/** Zooms into clusters until a single place's marker shows, then clicks it as a person would. */
async function openAMarker(page: Page) {
  for (let i = 0; i < 6 && (await page.locator(".markers a.marker").count()) === 0; i++) {
    await clickCentre(page, page.locator(".markers a.cluster").first());
  }
  const marker = page.locator(".markers a.marker").first();
  await expectOnScreen(marker);
  const name = await marker.getAttribute("aria-label");
  await clickCentre(page, marker);
  await page.waitForURL(/\/action\/\d+$/);
  expect(await page.textContent("h1")).toBe(name);
}

describe("the map", () => {
  const { open } = useBrowser();

  it.each([
    ["", 1280, "Palmyra"],
    ["/ar", 375, "تدمر"],
  ])("%s/map at %i px: filters by city and category, and a marker leads to its page", async (prefix, width, palmyra) => {
    const page = await open(`${prefix}/map`, { width });
    expect(await page.getAttribute("html", "dir")).toBe(prefix === "/ar" ? "rtl" : "ltr");
    await expectOnScreen(page.locator(".map-controls button"), 3);
    await page.locator(".country-map svg").evaluate((svg) => svg.scrollIntoView({ block: "center" }));
    await expectOnScreen(page.locator(".country-map svg"));
    const all = await page.locator(".map-list li").count();
    expect(all).toBeGreaterThan(90);
    // Labelled in the page's language: the cities' names are drawn on the map.
    expect(await page.locator(".city-labels text").allTextContents()).toContain(palmyra);

    await page.selectOption("select[name=city]", { label: palmyra });
    await page.waitForURL(/city=\d+/);
    await page.waitForFunction((n) => document.querySelectorAll(".map-list li").length < n, all);
    const inPalmyra = await page.locator(".map-list li").count();
    expect(await page.locator(".map-list h3").allTextContents()).toEqual([palmyra]);
    const categories = await page.locator("select[name=category] option").allTextContents();
    await page.selectOption("select[name=category]", { index: 1 });
    await page.waitForURL(/category=\d+/);
    expect(await page.locator(".map-list li").count()).toBeLessThanOrEqual(inPalmyra);
    expect(categories.length).toBeGreaterThan(2);
    await page.selectOption("select[name=category]", { index: 0 });
    await page.waitForFunction((n) => document.querySelectorAll(".map-list li").length === n, inPalmyra);

    await openAMarker(page);
  });

  it("zooms with its buttons, and the whole country map answers the keyboard: Tab reaches a marker", async () => {
    const page = await open("/map");
    const before = await page.getAttribute(".country-map svg", "viewBox");
    await clickCentre(page, page.getByRole("button", { name: "Zoom in" }));
    expect(await page.getAttribute(".country-map svg", "viewBox")).not.toBe(before);
    await clickCentre(page, page.getByRole("button", { name: "Whole country" }));
    expect(await page.getAttribute(".country-map svg", "viewBox")).toBe(before);
    await page.locator(".map-controls button").last().focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest(".markers") !== null)).toBe(true);
  });

  it("works without a script: the map is drawn, every place is listed, and the filter form reloads the page", async () => {
    const page = await open("/ar/map", { noScript: true, width: 375 });
    expect(await page.locator(".country-map path.syria").count()).toBe(1);
    expect(await page.locator(".markers a").count()).toBeGreaterThan(5);
    const all = await page.locator(".map-list li a").count();
    expect(all).toBeGreaterThan(90);
    await page.selectOption("select[name=city]", { label: "تدمر" });
    await page.locator(".map-filters button[type=submit]").click();
    await page.waitForURL(/city=\d+/);
    expect(await page.locator(".map-list li a").count()).toBeLessThan(all);
    const href = await page.locator(".map-list li a").first().getAttribute("href");
    expect(href).toMatch(/^\/ar\/cities\/\d+\/sites\/\d+\/action\/\d+$/);
  });
});

describe("a place's status and practical facts", () => {
  const { open } = useBrowser();

  it("shows the status with the day it was checked against its source, and only the practical facts that are filled", async () => {
    const temple = await apiPlace("Temple of Bel");
    expect(temple.status?.state).toBe("destroyed");
    const unesco = { name: "UNESCO World Heritage List: Site of Palmyra", url: "https://whc.unesco.org/en/list/23/" };
    expect(temple.status?.source).toEqual(unesco);
    const page = await open(`${placePath(temple)}/info`, { width: 375 });
    const status = page.locator(".place-status .status");
    await expectOnScreen(status);
    expect(await status.textContent()).toMatch(/^Destroyed · last checked \w+ \d{4} against UNESCO World Heritage List: Site of Palmyra$/);
    const source = status.locator("a");
    expect(await source.getAttribute("href")).toBe(unesco.url);
    await expectOnScreen(source);
    expect(await page.textContent(".in-danger")).toBe("On UNESCO's List of World Heritage in Danger since 2013");
    const labels = await page.locator(".practical dt").allTextContents();
    // Governorate and nearest base, then exactly the fields the content fills, and never an empty one.
    const expected = Object.keys(temple.practical).filter((k) => k !== "travel_minutes");
    expect(labels.slice(2)).toHaveLength(expected.length);
    expect(labels).not.toContain("Opening hours");
    expect(await page.locator(".practical dd").evaluateAll((dds) => dds.filter((d) => !d.textContent?.trim()).length)).toBe(0);
    expect(await page.textContent(".practical dd")).toBe("Homs");
  });

  it("says it in Arabic, and a place with no known status shows none", async () => {
    const temple = await apiPlace("Temple of Bel");
    const ar = await open(placePath(temple, "/ar"));
    expect(await ar.textContent(".place-status .status")).toMatch(/\p{Script=Arabic}/u);
    // The small map of its surroundings: the place, and its neighbours as links in the page's language.
    await ar.locator(".surroundings svg").evaluate((svg) => svg.scrollIntoView({ block: "center" }));
    await expectOnScreen(ar.locator(".surroundings svg"));
    expect(await ar.locator(".surroundings .here text").textContent()).toBe(await ar.textContent("h1"));
    const around = await ar.locator(".surroundings a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(around.length).toBeGreaterThan(2);
    for (const href of around) expect(href).toMatch(/^\/ar\/cities\/\d+\/sites\/\d+\/action\/\d+$/);
    expect(await ar.getAttribute(".location-card a[href^='geo:']", "href")).toMatch(/^geo:34\./);
    const straight = await apiPlace("Straight Street");
    expect(straight.status).toBeNull();
    const page = await open(placePath(straight));
    expect(await page.locator(".place-status .status").count()).toBe(0);
  });
});

describe("the trip-planning guide", () => {
  const { open } = useBrowser();

  it.each([
    ["", 1280],
    ["/ar", 375],
  ])("%s/plan lists its pages, and each shows its last review date and official sources", async (prefix, width) => {
    const page = await open(`${prefix}/plan`, { width });
    const links = page.locator(".guide-list h2 a");
    expect(await links.count()).toBe(10);
    await expectOnScreen(links.first());
    await clickCentre(page, links.nth(1));
    await page.waitForURL(/\/plan\/money$/);
    expect(await page.textContent(".plan-page > .note")).toMatch(prefix ? /\p{Script=Arabic}/u : /^Last reviewed on \d+ \w+ 2026$/);
    expect(await page.locator("#sources-title + .note + ul a[href^='https://']").count()).toBeGreaterThan(0);
  });
});

describe("saved places, offline, and the installable site", () => {
  const { open } = useBrowser();
  const offlineErrors = [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/, /net::ERR_FAILED/];

  it("saves three places, keeps them after a reload and offline, and shares them as a link", async () => {
    const places = await Promise.all(["Palmyra", "Krak des Chevaliers", "Umayyad Mosque"].map((n) => apiPlace(n)));
    const page = await open(placePath(places[0]), { serviceWorkers: true, width: 375, allowErrors: offlineErrors });
    for (const [i, place] of places.entries()) {
      if (i > 0) await page.goto(baseURL() + placePath(place), { waitUntil: "networkidle" });
      const save = page.locator(".save-place button");
      // Below a long status note (Palmyra's) the button is further down the page: a visitor scrolls to it.
      await save.scrollIntoViewIfNeeded();
      await expectOnScreen(save);
      await clickCentre(page, save);
      await page.waitForSelector(".save-place button[aria-pressed=true]");
    }
    await page.goto(`${baseURL()}/saved`, { waitUntil: "networkidle" });
    await page.reload({ waitUntil: "networkidle" });
    const names = () => page.locator(".trip-place > a").allTextContents();
    expect(await names()).toEqual(places.map((p) => p.place_name));
    await expectOnScreen(page.locator(".trip-place > a"), 3);
    // Into two days: the last place moves to day 2.
    await clickCentre(page, page.locator(".trip-place").nth(2).getByRole("button", { name: "Later day" }));
    expect(await page.locator(".trip-day h2").allTextContents()).toEqual(["Day 1", "Day 2"]);
    const share = await page.inputValue(".share-row input");
    expect(share).toMatch(/\/saved#trip=\d+\.\d+~\d+$/);

    // The service worker has this page and its scripts: offline, the list is still there.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload({ waitUntil: "networkidle" });
    await page.context().setOffline(true);
    await page.reload({ waitUntil: "load" });
    await page.waitForSelector(".trip-place");
    expect(await names()).toEqual(places.map((p) => p.place_name));
    // A page never opened: the offline page, in the visitor's language.
    await page.goto(`${baseURL()}/ar/plan/accessibility`, { waitUntil: "load" });
    expect(await page.textContent("h1")).toMatch(/\p{Script=Arabic}/u);
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    await page.context().setOffline(false);

    // The link, in a fresh browser with nothing saved, shows the same trip and can keep it.
    const fresh = await open(new URL(share).pathname + new URL(share).hash, { width: 1280 });
    await fresh.waitForSelector(".trip-place");
    expect(await fresh.locator(".trip-place > a").allTextContents()).toEqual(places.map((p) => p.place_name));
    expect(await fresh.evaluate(() => localStorage.getItem("saved_places"))).toBeNull();
    await clickCentre(fresh, fresh.locator(".shared-trip button"));
    expect(JSON.parse((await fresh.evaluate(() => localStorage.getItem("saved_places")))!)).toEqual([
      [places[0].id, places[1].id],
      [places[2].id],
    ]);
  });

  it("meets the install criteria: a manifest in the page's language, icons, and a service worker", async () => {
    const page = await open("/ar", { serviceWorkers: true });
    const href = await page.getAttribute("link[rel=manifest]", "href");
    expect(href).toBe("/ar/manifest.webmanifest");
    const res = await fetch(baseURL() + href);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ lang: "ar", dir: "rtl", start_url: "/ar", display: "standalone" });
    expect(manifest.name).toMatch(/\p{Script=Arabic}/u);
    for (const icon of manifest.icons) {
      const image = await fetch(baseURL() + icon.src);
      expect(image.headers.get("content-type")).toBe("image/png");
    }
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Chromium's own verdict on the manifest, icons and worker; the test browser's private profile is the
    // one reason it gives that is not the site's.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
