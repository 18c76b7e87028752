// Itineraries as a visitor meets them (decision 037), in English at 1280 px and in Arabic at 375 px: a route
// found on /itineraries, read day by day with its maps, distances and cautions, copied into the trip and seen
// on /saved, its days and its places on the map; and its print layout, which leaves the buttons out.
import { describe, expect, it } from "vitest";
import { baseURL, clickCentre, expectOnScreen, useBrowser } from "./browser.ts";

describe("itineraries", () => {
  const { open } = useBrowser();

  it.each([
    ["", 1280, "Palmyra and the desert", "Day 1"],
    ["/ar", 375, "تدمر والبادية", "اليوم 1"],
  ])("%s at %i px: a route found, read day by day, and copied into the trip", async (prefix, width, title, firstDay) => {
    const page = await open(`${prefix}/itineraries`, { width });
    const link = page.locator(".itinerary-list h2 a", { hasText: title });
    await link.scrollIntoViewIfNeeded();
    await expectOnScreen(link);
    await clickCentre(page, link);
    await page.waitForURL(/\/itineraries\/palmyra-and-the-desert$/);
    await page.waitForFunction((t) => document.querySelector("h1")?.textContent === t, title);

    // A route through places with safety notes says so at its top, before its days.
    await expectOnScreen(page.locator(".itinerary-caution"));
    expect(await page.locator(".itinerary-day h2").first().textContent()).toBe(firstDay);
    const days = await page.locator(".itinerary-day").count();
    expect(days).toBeGreaterThanOrEqual(2);
    // Each day's places on its map, numbered as the list numbers them; every stop after the first has its
    // straight-line distance, and never a travel time.
    const names = await page.locator(".itinerary-stop h3 a").allTextContents();
    expect(await page.locator(".route-map a").count()).toBe(names.length);
    const metas = await page.locator(".stop-meta").allTextContents();
    expect(metas.filter((meta) => /\b(h|min|hours?|minutes?)\b|ساع|دقيق/.test(meta))).toEqual([]);
    expect(metas.slice(1).filter((meta) => !/\d/.test(meta))).toEqual([]);
    expect(await page.locator(".stop-safety").count()).toBeGreaterThan(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({ "@type": "TouristTrip", name: title });

    const copy = page.locator(".copy-to-trip button");
    await copy.scrollIntoViewIfNeeded();
    await expectOnScreen(copy);
    await clickCentre(page, copy);
    await page.waitForSelector(".copy-to-trip [role=status]");
    await page.goto(`${baseURL()}${prefix}/saved`, { waitUntil: "networkidle" });
    await page.waitForSelector(".trip-place");
    expect(await page.locator(".trip-day").count()).toBe(days);
    expect(await page.locator(".trip-place > a").allTextContents()).toEqual(names);
    // The trip's places on the map: one marker each, or clusters holding them.
    await page.waitForSelector(".country-map .markers a");
    expect(await page.locator(".country-map .markers a").count()).toBeGreaterThan(0);
  });

  it("prints the days and their places without the buttons and the site's frame", async () => {
    const page = await open("/itineraries/three-days-in-damascus", { width: 1280 });
    await page.emulateMedia({ media: "print" });
    const shown = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).display !== "none");
    expect(await shown(".itinerary-actions")).toBe(false);
    expect(await shown("footer")).toBe(false);
    expect(await shown(".itinerary-day")).toBe(true);
    expect(await shown(".itinerary-stop")).toBe(true);
    expect(await shown(".route-map")).toBe(true);
  });
});
