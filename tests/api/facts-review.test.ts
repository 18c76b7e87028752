// Facts that expire, on both engines, with a fake clock (decision 029): a place's status checked on 10 January
// is in time for the settings' three months, through 10 April; from 11 April (Damascus's day) the dashboard
// lists it, the content list finds it among the overdue, and its public page says it may be out of date. A
// guide page does the same after the settings' twelve months.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { placeView } from "../../app/lib/place-view.server.ts";
import { guidePageView } from "../../app/lib/guide.server.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const SLUG = "straight-street";

/** Sets the clock (only Date: the database drivers keep their timers) to a time in Damascus. */
const at = (iso: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });

/** The place's public page data, in a language, as its route reads it. */
async function publicPlace(t: Awaited<ReturnType<typeof testApp>>, language: "en" | "ar") {
  const row = await t.database.db
    .selectFrom("places")
    .select(["id", "city_id", "category_id"])
    .where("slug", "=", SLUG)
    .executeTakeFirstOrThrow();
  return placeView(t.domain, language, { placeId: row.id, cityId: row.city_id, categoryId: row.category_id });
}

describe.each(ENGINES)("facts past their review date on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
    const item = await t.domain.editing.item(editor, "site", SLUG);
    const saved = await t.domain.editing.save(editor, "site", SLUG, item.revision, {
      ...(item.draft as object),
      status: { state: "open", verified: "2026-01-10" },
    });
    await t.domain.editing.publish(editor, "site", SLUG, saved);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  const overdue = async () => (await t.domain.editing.overdueFacts(editor)).items.map((i) => i.slug);
  const listed = async () => (await t.domain.editing.listPage(editor, "site", { overdue: "status", page: 1 })).items.map((i) => i.slug);
  const publicStatus = async () => (await publicPlace(t, "ar"))?.place.facts.status;

  it("is in time through the last day of its months", async () => {
    // 10 April, 23:30 in Damascus (20:30 UTC).
    at("2026-04-10T20:30:00Z");
    expect(await overdue()).not.toContain(SLUG);
    expect(await listed()).not.toContain(SLUG);
    expect(await publicStatus()).toMatchObject({ state: "open", overdue: false });
  });

  it("is listed, filtered and said to be out of date from the next day in Damascus", async () => {
    // 11 April, 00:30 in Damascus: still 10 April in UTC.
    at("2026-04-10T21:30:00Z");
    expect(await overdue()).toContain(SLUG);
    expect((await t.domain.editing.overdueFacts(editor)).since).toBe("2026-01-11");
    expect(await listed()).toEqual([SLUG]);
    expect(await publicStatus()).toMatchObject({ state: "open", overdue: true });
    // A longer period in the settings, published, puts it back in time.
    const settings = await t.domain.editing.item(editor, "settings", "all");
    const revision = await t.domain.editing.save(editor, "settings", "all", settings.revision, {
      ...(settings.draft as object),
      statusReviewMonths: 6,
    });
    await t.domain.editing.publish(editor, "settings", "all", revision);
    expect(await overdue()).not.toContain(SLUG);
    expect(await publicStatus()).toMatchObject({ overdue: false });
  });
});

// A guide page reviewed on 10 January 2026 is in time for the settings' twelve months through 10 January 2027.
describe.each(ENGINES)("guide pages past their review date on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const PAGE = "entry-and-visas";
  beforeAll(async () => {
    t = await testApp(engine);
    const item = await t.domain.editing.item(editor, "guide", PAGE);
    const saved = await t.domain.editing.save(editor, "guide", PAGE, item.revision, { ...(item.draft as object), reviewed: "2026-01-10" });
    await t.domain.editing.publish(editor, "guide", PAGE, saved);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  const state = async () => ({
    dashboard: (await t.domain.editing.overdueFacts(editor)).guide.items.map((i) => i.slug),
    list: (await t.domain.editing.listPage(editor, "guide", { overdue: "status", page: 1 })).items.map((i) => i.slug),
    page: (await guidePageView(t.domain, "ar", PAGE))?.page.overdue,
  });

  it("is in time through the last day of its twelve months, and overdue from the next day in Damascus", async () => {
    at("2027-01-10T20:30:00Z");
    expect(await state()).toEqual({ dashboard: [], list: [], page: false });
    at("2027-01-10T21:30:00Z");
    expect(await state()).toEqual({ dashboard: [PAGE], list: [PAGE], page: true });
    // The places' three months are another setting: a page reviewed a year ago is not a status to check.
    expect((await t.domain.editing.overdueFacts(editor)).items.map((i) => i.slug)).not.toContain(PAGE);
  });
});

// Practical facts checked on 20 November 2025 are in time for twelve months, through 20 November 2026; a safety
// note checked on 10 January 2026, for three, through 10 April.
describe.each(ENGINES)("practical facts and safety notes past their review date on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
    const item = await t.domain.editing.item(editor, "site", SLUG);
    const draft = item.draft as { practical?: Record<string, unknown> };
    const saved = await t.domain.editing.save(editor, "site", SLUG, item.revision, {
      ...draft,
      practical: { ...draft.practical, hours: { en: "Open every day." }, checked: "2025-11-20" },
      safety: { en: "Keep to the marked paths." },
      safetyChecked: "2026-01-10",
    });
    await t.domain.editing.publish(editor, "site", SLUG, saved);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  const state = async () => {
    const overdue = await t.domain.editing.overdueFacts(editor);
    const view = await publicPlace(t, "en");
    const listed = async (fact: "practical" | "safety") =>
      (await t.domain.editing.listPage(editor, "site", { overdue: fact, page: 1 })).items.map((i) => i.slug);
    return {
      practical: overdue.practical.items.map((i) => i.slug),
      safety: overdue.safety.items.map((i) => i.slug),
      list: { practical: await listed("practical"), safety: await listed("safety") },
      page: { practical: view?.place.facts.practicalCheck, safety: view?.place.facts.safetyCheck },
    };
  };

  it("lists each on the dashboard and in its list filter, and says so on the page, from the day after its own period in Damascus", async () => {
    at("2026-04-10T20:30:00Z");
    expect(await state()).toEqual({
      practical: [],
      safety: [],
      list: { practical: [], safety: [] },
      page: { practical: { text: "November 2025", overdue: false }, safety: { text: "January 2026", overdue: false } },
    });
    at("2026-04-10T21:30:00Z");
    expect(await state()).toMatchObject({
      practical: [],
      safety: [SLUG],
      page: { practical: { overdue: false }, safety: { overdue: true } },
    });
    at("2026-11-20T21:30:00Z");
    expect(await state()).toMatchObject({
      practical: [SLUG],
      safety: [SLUG],
      page: { practical: { overdue: true }, safety: { overdue: true } },
    });
  });
});
