// The open data as a builder meets it, in English at 1280 px and in Arabic at 375 px: the footer's link leads
// to /open-data, which says the licence, the formats, how to cite and how to fetch, in the page's language, fits
// the screen and passes axe; its links give the seed's places, their pictures credited as each licence asks.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { baseURL, clickCentre, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible } from "./workspace-steps.ts";

describe.each([
  ["en", 1280],
  ["ar", 375],
] as const)("the open data page (%s, %i px)", (language, width) => {
  const { open } = useBrowser();
  const t = JSON.parse(readFileSync(`app/i18n/locales/${language}.json`, "utf8")) as {
    openData: { title: string; licenceTitle: string };
    footer: { openData: string };
  };
  const prefix = language === "en" ? "" : `/${language}`;

  it("is linked from the footer, describes the datasets, and its links give them", async () => {
    const page = await open(`${prefix}/`, { width });
    const link = page.locator(`.footer a[href='${prefix}/open-data']`);
    await link.scrollIntoViewIfNeeded();
    await expectOnScreen(link);
    expect(await link.textContent()).toBe(t.footer.openData);
    await Promise.all([page.waitForURL(`${baseURL()}${prefix}/open-data`), clickCentre(page, link)]);
    // (The address changes as the new page's data arrives; its heading follows in the same moment.)
    await expect.poll(() => page.textContent("h1")).toBe(t.openData.title);
    expect(await page.textContent("#licence")).toBe(t.openData.licenceTitle);
    await expectAccessible(page);
    // The sample code scrolls inside its box: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/open-data-${language}${width}.png`, fullPage: true });

    const geojson = page.locator("a[href='/open-data/places.geojson']");
    await geojson.scrollIntoViewIfNeeded();
    await expectOnScreen(geojson);
    const places = (await (await fetch(`${baseURL()}/open-data/places.geojson`)).json()) as {
      features: Array<{ properties: { slug: string; pictures: Array<{ credit: { author: string; licence: string } | null }> } }>;
    };
    expect(places.features.length).toBeGreaterThan(90);
    const credited = places.features.flatMap((f) => f.properties.pictures).filter((p) => p.credit);
    expect(credited.length).toBeGreaterThan(0);
    const csv = await fetch(`${baseURL()}/open-data/places.csv`);
    expect(csv.status).toBe(200);
  });
});
