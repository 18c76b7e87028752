// Events as a visitor meets them (decision 034), in English at 1280 px and in Arabic at 375 px: finding an
// event by month and city with the page's form, its page with its schema.org Event, and its calendar file,
// downloaded by a click and read by an independent parser (ical.js); and the month view without a script.
import ICAL from "ical.js";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { clickCentre, expectOnScreen, useBrowser } from "./browser.ts";
import { damascusToday } from "../../shared/damascus-time.ts";
import { placeIds } from "./server-data.ts";

const SLUG = "feast-of-the-cross-maaloula";
/** The next September whose 14th has not passed in Damascus: the month the feast is next in. */
function nextSeptember(): string {
  const today = damascusToday();
  const year = Number(today.slice(0, 4));
  return `${today.slice(5) > "09-14" ? year + 1 : year}-09`;
}

/** schema.org's statuses of an Event, and the properties an Event must have to be understood as one. */
const EVENT_STATUSES = ["EventScheduled", "EventPostponed", "EventCancelled", "EventRescheduled", "EventMovedOnline"];
function expectSchemaEvent(data: Record<string, unknown>, name: string) {
  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("Event");
  expect(data.name).toBe(name);
  expect(String(data.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{3})?Z)?$/);
  if (data.endDate) expect(String(data.endDate) >= String(data.startDate)).toBe(true);
  const location = data.location as { "@type": string; name: string; address: { "@type": string; addressCountry: string } };
  expect(location).toMatchObject({
    "@type": "Place",
    name: expect.any(String),
    address: { "@type": "PostalAddress", addressCountry: "SY" },
  });
  if (data.eventStatus) expect(EVENT_STATUSES.map((s) => `https://schema.org/${s}`)).toContain(data.eventStatus);
}

describe("events", () => {
  const { open } = useBrowser();

  it.each([
    ["", 1280, "Maaloula", "Feast of the Cross in Maaloula"],
    ["/ar", 375, "معلولا", "عيد الصليب في معلولا"],
  ])("%s/events at %i px: found by month and city, its page, and its calendar file", async (prefix, width, city, name) => {
    const page = await open(`${prefix}/events`, { width });
    expect(await page.getAttribute("html", "dir")).toBe(prefix === "/ar" ? "rtl" : "ltr");
    const month = nextSeptember();
    await page.selectOption("select[name=city]", { label: city });
    await page.fill("input[name=month]", month);
    const show = page.locator(".map-filters button[type=submit]");
    await expectOnScreen(show);
    await clickCentre(page, show);
    await page.waitForURL((url) => url.searchParams.get("city") === "maaloula" && url.searchParams.get("month") === month);
    const link = page.locator(".event-list a", { hasText: name });
    await expectOnScreen(link);
    // Only the city's events of that month are listed.
    expect(await page.locator(".event-list h3 a").allTextContents()).toEqual([name]);
    await clickCentre(page, link);
    await page.waitForURL(new RegExp(`/events/${SLUG}$`));
    await page.waitForFunction((n) => document.querySelector("h1")?.textContent === n, name);

    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expectSchemaEvent(JSON.parse(jsonLd ?? "{}"), name);
    await expectOnScreen(page.locator(".event-dates li"));

    const add = page.locator(`a[href*="events.ics?event=${SLUG}"]`);
    await add.scrollIntoViewIfNeeded();
    await expectOnScreen(add);
    const [download] = await Promise.all([page.waitForEvent("download"), clickCentre(page, add)]);
    const path = await download.path();
    const calendar = new ICAL.Component(ICAL.parse(await readFile(path, "utf8")));
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Asia/Damascus");
    const dates = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) {
      expect(d.summary).toBe(name);
      // The eve and the feast: 13 and 14 September, a whole-day date ending the day after its last.
      expect(d.startDate.toString()).toMatch(/^\d{4}-09-13$/);
      expect(d.endDate.toString()).toMatch(/^\d{4}-09-15$/);
    }
    expect(dates.map((d) => d.startDate.year)).toContain(Number(month.slice(0, 4)));
  });

  it.each([
    ["", 1280, "Vyacheslav Argenberg"],
    ["/ar", 375, "Vyacheslav Argenberg"],
  ])(
    "%s/events/eid-al-fitr at %i px: its photograph on screen with its credit, and in its schema.org Event",
    async (prefix, width, author) => {
      const page = await open(`${prefix}/events/eid-al-fitr`, { width });
      await expectOnScreen(page.locator(".event-page figure img"));
      const alt = (await page.getAttribute(".event-page figure img", "alt")) ?? "";
      expect(alt).toContain(prefix === "/ar" ? "الجامع الأموي" : "Umayyad Mosque");
      const credit = page.locator(".event-page figure .photo-credit");
      await credit.scrollIntoViewIfNeeded();
      await expectOnScreen(credit);
      expect(await credit.textContent()).toContain(author);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(jsonLd.image).toMatch(/^https?:\/\/[^/]+\/media\//);
    },
  );

  it("shows a month and moves to the next without a script, in Arabic", async () => {
    const month = nextSeptember();
    const page = await open(`/ar/events?month=${month}`, { noScript: true, width: 375 });
    await expectOnScreen(page.locator(".event-list a", { hasText: "عيد الصليب في معلولا" }));
    const next = page.locator('.guide-pager a[rel="next"]');
    await expectOnScreen(next);
    await clickCentre(page, next);
    const following = `${month.slice(0, 4)}-10`;
    await page.waitForURL((url) => url.searchParams.get("month") === following);
    expect(await page.locator(".event-list a", { hasText: "عيد الصليب في معلولا" }).count()).toBe(0);
  });

  it.each([
    ["", 1280, "Feast of the Cross in Maaloula"],
    ["/ar", 375, "عيد الصليب في معلولا"],
  ])("%s at %i px: a place's and its city's pages list their next events, each a link to its page", async (prefix, width, name) => {
    const ids = await placeIds("maaloula-old-village");
    for (const path of [
      `/cities/${ids.category_id}/sites/${ids.city_id}/action/${ids.id}`,
      `/cities/${ids.category_id}/sites/${ids.city_id}`,
    ]) {
      const page = await open(`${prefix}${path}`, { width });
      const link = page.locator(".coming-events a", { hasText: name });
      await link.scrollIntoViewIfNeeded();
      await expectOnScreen(link);
      await clickCentre(page, link);
      await page.waitForURL(new RegExp(`/events/${SLUG}$`));
      await page.waitForFunction((n) => document.querySelector("h1")?.textContent === n, name);
    }
  });
});
