// Itineraries through the workspace (decision 037), on both engines: an editor makes and publishes a route
// whose stops name places; it is read day by day with straight-line distances and its places' own facts; a
// stop naming no place is refused at its save, one whose place went off the site at its publish, and a place
// a published route stops at cannot be taken off; the days must follow one another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Editor } from "../../domain/content/editing.ts";
import { distanceKm } from "../../domain/content/checks.ts";
import { ENGINES, testApp } from "../setup/test-app.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const text = (en: string, ar: string) => ({ en, ar });
const ROUTE = {
  slug: "two-old-cities",
  title: text("Two old cities", "مدينتان قديمتان"),
  summary: text("Damascus, then Aleppo.", "دمشق ثم حلب."),
  themes: ["heritage", "food"],
  seasons: ["spring", "autumn"],
  stops: [
    { day: 1, place: "umayyad-mosque", note: text("Start at the mosque.", "ابدأ من الجامع.") },
    { day: 1, place: "straight-street", note: text("Walk east.", "امشِ شرقًا.") },
    { day: 2, place: "citadel-of-aleppo", note: text("A day in Aleppo.", "يوم في حلب.") },
  ],
};

describe.each(ENGINES)("itineraries on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
    await t.domain.editing.create(editor, "itinerary", ROUTE);
    const item = await t.domain.editing.item(editor, "itinerary", ROUTE.slug);
    await t.domain.editing.publish(editor, "itinerary", ROUTE.slug, item.revision);
  });
  afterAll(() => t.close());

  it("reads a published route day by day, in the page's language, with straight-line distances from each stop before", async () => {
    const route = await t.domain.itineraries.one("ar", ROUTE.slug);
    expect(route?.title).toBe(ROUTE.title.ar);
    expect(route?.days.map((d) => d.map((s) => s.place.slug))).toEqual([["umayyad-mosque", "straight-street"], ["citadel-of-aleppo"]]);
    const [first, second, third] = route?.days.flat() ?? [];
    expect(first?.km).toBeNull();
    expect(second?.note).toBe(ROUTE.stops[1]?.note.ar);
    // Across the night too: from Damascus's last stop to Aleppo, as the crow flies, to a tenth.
    if (!second || !third) throw new Error("three stops");
    expect(third.km).toBe(Math.round(distanceKm(second.place, third.place) * 10) / 10);
    expect(third.km).toBeGreaterThan(250);
    expect(await t.domain.itineraries.slugs()).toEqual([ROUTE.slug]);
  });

  it("refuses a stop naming no place at its save, and days that skip one", async () => {
    const item = await t.domain.editing.item(editor, "itinerary", ROUTE.slug);
    const draft = item.draft as typeof ROUTE;
    const withStop = (stop: Partial<(typeof ROUTE.stops)[number]>) => ({
      ...draft,
      stops: [...draft.stops, { ...draft.stops[0], ...stop }],
    });
    await expect(
      t.domain.editing.save(editor, "itinerary", ROUTE.slug, item.revision, withStop({ place: "atlantis", day: 2 })),
    ).rejects.toMatchObject({
      code: "invalid",
      problems: expect.arrayContaining([expect.objectContaining({ field: "stops.3.place" })]),
    });
    await expect(t.domain.editing.save(editor, "itinerary", ROUTE.slug, item.revision, withStop({ day: 4 }))).rejects.toMatchObject({
      problems: expect.arrayContaining([expect.objectContaining({ field: "stops.3.day" })]),
    });
  });

  it("keeps a place a published route stops at, and refuses to publish a route whose place went off the site", async () => {
    const mosque = await t.domain.editing.item(editor, "site", "umayyad-mosque");
    await expect(t.domain.editing.unpublish(editor, "site", "umayyad-mosque", mosque.revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: expect.arrayContaining([
        expect.objectContaining({ field: `itinerary/${ROUTE.slug}.stops.0.place`, code: "unknown-reference" }),
      ]),
    });
    // A new route stopping at a place that is then taken off (no published route stopped there) is refused at its publish.
    const other = { ...ROUTE, slug: "azm-and-back", stops: [ROUTE.stops[0], { ...ROUTE.stops[1], place: "azm-palace" }] };
    await t.domain.editing.create(editor, "itinerary", other);
    const azm = await t.domain.editing.item(editor, "culture", "azm-palace");
    await t.domain.editing.unpublish(editor, "culture", "azm-palace", azm.revision);
    const item = await t.domain.editing.item(editor, "itinerary", other.slug);
    await expect(t.domain.editing.publish(editor, "itinerary", other.slug, item.revision)).rejects.toMatchObject({
      problems: expect.arrayContaining([expect.objectContaining({ field: "stops.1.place", code: "unknown-reference" })]),
    });
    expect(await t.domain.itineraries.slugs()).toEqual([ROUTE.slug]);
  });
});
