// Events through the workspace and the calendar feeds (decision 034), on both engines: an editor makes and
// publishes events; /events.ics is parsed by an independent parser (ical.js) and holds the VTIMEZONE of
// Asia/Damascus, each date as its own VEVENT (a time in Damascus as the instant it is, a feast of the Islamic
// calendar on 1 Shawwal), stable UIDs and a SEQUENCE raised when an event changes; bad asks get clear answers,
// and no cookie is set; what an event names cannot be taken from under it.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Editor } from "../../domain/content/editing.ts";
import { ENGINES, testApp } from "../setup/test-app.ts";
import { eventsRepository } from "../../db/repositories/events.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const HOST = "site.test";
const text = (en: string, ar: string) => ({ en, ar });
const CROSS = {
  slug: "evening-of-the-cross",
  kind: "religious",
  city: "damascus",
  place: "umayyad-mosque",
  name: text("Evening of the Cross", "أمسية الصليب"),
  summary: text("Bonfires at dusk.", "نيران عند الغروب."),
  starts: "2026-09-13T18:00",
  ends: "2026-09-13T23:00",
  repeat: "FREQ=YEARLY",
  status: "scheduled",
  source: "https://example.org/cross",
};
const EID = {
  slug: "eid-al-fitr",
  kind: "religious",
  city: "aleppo",
  name: text("Eid al-Fitr", "عيد الفطر"),
  summary: text("The feast at the end of Ramadan.", "عيد نهاية رمضان."),
  computed: "eid-al-fitr",
  days: 3,
  status: "scheduled",
  source: "https://example.org/eid",
};

type Vevent = { uid: string; sequence: number; start: ICAL.Time; end: ICAL.Time | null; status: string; summary: string };

/** The feed as ical.js reads it: its time zones registered, then each VEVENT. */
function parseFeed(body: string): { zones: string[]; events: Vevent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const zones = calendar.getAllSubcomponents("vtimezone");
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate,
      end: v.hasProperty("dtend") ? event.endDate : null,
      status: String(v.getFirstPropertyValue("status")),
      summary: event.summary,
    };
  });
  return { zones: zones.map((z) => String(z.getFirstPropertyValue("tzid"))), events };
}

const hijri = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", { timeZone: "UTC", month: "numeric", day: "numeric" });

describe.each(ENGINES)("events and their calendar feeds on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
    for (const body of [CROSS, EID]) {
      await t.domain.editing.create(editor, "event", body);
      const item = await t.domain.editing.item(editor, "event", body.slug);
      await t.domain.editing.publish(editor, "event", body.slug, item.revision);
    }
  });
  afterAll(() => t.close());
  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
  const feed = async (path: string) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    return parseFeed(await res.text());
  };

  it("gives every date as its own VEVENT, times in Damascus, the Eid on 1 Shawwal, read by an independent parser", async () => {
    const res = await get("/events.ics");
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("set-cookie")).toBeNull();
    const { zones, events } = parseFeed(await res.text());
    expect(zones).toEqual(["Asia/Damascus"]);
    const cross = events.filter((e) => e.uid.startsWith(`${CROSS.slug}-`));
    // A year back to two years ahead: two or three of its yearly dates, each 18:00 to 23:00 in Damascus (+03:00).
    expect(cross.length).toBeGreaterThanOrEqual(2);
    for (const e of cross) {
      expect(e.start.zone?.tzid).toBe("Asia/Damascus");
      expect(e.start.toJSDate().toISOString()).toMatch(/-09-13T15:00:00.000Z$/);
      expect(e.end?.toJSDate().toISOString()).toMatch(/-09-13T20:00:00.000Z$/);
      expect(e.uid).toBe(`${CROSS.slug}-${e.start.year}-09-13@${HOST}`);
      expect(e.summary).toBe(CROSS.name.en);
      expect(e.status).toBe("CONFIRMED");
    }
    const eids = events.filter((e) => e.uid.startsWith(`${EID.slug}-`));
    expect(eids.length).toBeGreaterThanOrEqual(2);
    for (const e of eids) {
      expect(e.start.isDate).toBe(true);
      expect(hijri.format(e.start.toJSDate())).toBe("10/1");
      // Three days: DTEND is the day after the last (RFC 5545 §3.6.1).
      expect(e.end && e.end.toJSDate().getTime() - e.start.toJSDate().getTime()).toBe(3 * 86_400_000);
      expect(e.uid).toBe(`${EID.slug}-${e.start.year}@${HOST}`);
      // A date that depends on the sighting of the moon is tentative.
      expect(e.status).toBe("TENTATIVE");
    }
  });

  it("gives one city's events, and one event's, in the language asked", async () => {
    const aleppo = await feed("/ar/events.ics?city=aleppo");
    expect(new Set(aleppo.events.map((e) => e.summary))).toEqual(new Set([EID.name.ar]));
    const one = await get(`/events.ics?event=${CROSS.slug}`);
    expect(one.headers.get("content-disposition")).toBe(`attachment; filename="${CROSS.slug}.ics"`);
    expect(new Set(parseFeed(await one.text()).events.map((e) => e.summary))).toEqual(new Set([CROSS.name.en]));
  });

  it("raises the SEQUENCE of a changed event's dates, keeps their UIDs, and says when it is cancelled", async () => {
    const before = (await feed("/events.ics")).events;
    const item = await t.domain.editing.item(editor, "event", CROSS.slug);
    const revision = await t.domain.editing.save(editor, "event", CROSS.slug, item.revision, {
      ...(item.draft as object),
      status: "cancelled",
    });
    await t.domain.editing.publish(editor, "event", CROSS.slug, revision);
    const after = (await feed("/events.ics")).events;
    const ofCross = (list: Vevent[]) => list.filter((e) => e.uid.startsWith(`${CROSS.slug}-`));
    expect(ofCross(after).map((e) => e.uid)).toEqual(ofCross(before).map((e) => e.uid));
    for (const [i, e] of ofCross(after).entries()) {
      expect(e.sequence).toBe((ofCross(before)[i]?.sequence ?? -1) + 1);
      expect(e.status).toBe("CANCELLED");
    }
    const ofEid = (list: Vevent[]) => list.filter((e) => e.uid.startsWith(`${EID.slug}-`)).map((e) => e.sequence);
    expect(ofEid(after)).toEqual(ofEid(before));
  });

  it("answers a bad ask clearly and a known copy with 304", async () => {
    const unknown = await get("/events.ics?when=soon");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: expect.stringContaining("?city=") });
    expect((await get("/events.ics?city=Not A Slug")).status).toBe(400);
    const noCity = await get("/events.ics?city=atlantis");
    expect(noCity.status).toBe(404);
    expect(await noCity.json()).toEqual({ message: "There is no such city." });
    expect((await get("/events.ics?event=no-such-feast")).status).toBe(404);
    expect((await get("/xx/events.ics")).status).toBe(404);
    const etag = (await get("/events.ics")).headers.get("etag") ?? "";
    expect((await get("/events.ics", { "if-none-match": etag })).status).toBe(304);
  });

  it("refuses to take off a place a published event names, and to publish an event whose place went off the site", async () => {
    const mosque = await t.domain.editing.item(editor, "site", "umayyad-mosque");
    await expect(t.domain.editing.unpublish(editor, "site", "umayyad-mosque", mosque.revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: expect.arrayContaining([expect.objectContaining({ field: `event/${CROSS.slug}.place`, code: "unknown-reference" })]),
    });
    // A draft may not name a place that does not exist at all.
    const eid = await t.domain.editing.item(editor, "event", EID.slug);
    await expect(
      t.domain.editing.save(editor, "event", EID.slug, eid.revision, { ...(eid.draft as object), place: "atlantis" }),
    ).rejects.toMatchObject({ code: "invalid", problems: expect.arrayContaining([expect.objectContaining({ field: "place" })]) });
    // A draft naming a place that is then taken off (nothing published named it) is refused at its publish.
    const revision = await t.domain.editing.save(editor, "event", EID.slug, eid.revision, {
      ...(eid.draft as object),
      place: "citadel-of-aleppo",
    });
    const citadel = await t.domain.editing.item(editor, "site", "citadel-of-aleppo");
    await t.domain.editing.unpublish(editor, "site", "citadel-of-aleppo", citadel.revision);
    await expect(t.domain.editing.publish(editor, "event", EID.slug, revision)).rejects.toMatchObject({
      code: "unfinished",
      problems: expect.arrayContaining([expect.objectContaining({ field: "place", code: "unknown-reference" })]),
    });
    expect((await feed("/ar/events.ics?city=aleppo")).events.length).toBeGreaterThan(0);
  });

  it("gives the app what is on and one event, documented in the OpenAPI document", async () => {
    const ar = await t.database.db.selectFrom("languages").select("id").where("code", "=", "ar").executeTakeFirstOrThrow();
    const aleppo = await t.database.db.selectFrom("cities").select("id").where("slug", "=", "aleppo").executeTakeFirstOrThrow();
    const list = await get(`/back/api/user/event1/events?language=${ar.id}&city=${aleppo.id}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("set-cookie")).toBeNull();
    const { data } = (await list.json()) as { data: Array<Record<string, unknown> & { date: Record<string, unknown> }> };
    expect(data.length).toBeGreaterThan(0);
    for (const e of data) {
      expect(e).toMatchObject({
        slug: EID.slug,
        name: EID.name.ar,
        city_id: aleppo.id,
        computed: "eid-al-fitr",
        url: `http://${HOST}/ar/events/${EID.slug}`,
      });
      expect(e.date).toMatchObject({ all_day: true, expected: true });
      expect(hijri.format(new Date(`${e.date.start}T00:00:00Z`))).toBe("10/1");
    }
    const one = (await (await get(`/back/api/user/event1/events/${CROSS.slug}`)).json()) as { data: { dates: Array<{ start: string }> } };
    expect(one.data.dates.length).toBeGreaterThan(0);
    for (const d of one.data.dates) expect(d.start).toMatch(/^\d{4}-09-13T18:00$/);
    expect((await get("/back/api/user/event1/events/no-such-feast")).status).toBe(404);
    expect((await get("/back/api/user/event1/events?kind=party")).status).toBe(400);
    expect((await get("/back/api/user/event1/events?city=99999")).status).toBe(404);
    const openapi = (await (await get("/back/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(["/back/api/user/event1/events", "/back/api/user/event1/events/{slug}"]),
    );
  });

  it("previews an event's draft inside a transaction that is rolled back, leaving the feed as it was", async () => {
    const item = await t.domain.editing.item(editor, "event", EID.slug);
    const { place: _, ...draft } = item.draft as { place?: string };
    await t.domain.editing.save(editor, "event", EID.slug, item.revision, {
      ...draft,
      name: { en: "Eid al-Fitr (draft)", ar: EID.name.ar },
    });
    const seen = await t.domain.editing.withDraftPublished(editor, "event", EID.slug, async (site) =>
      (await eventsRepository(site.db).list("en", { slug: EID.slug })).map((e) => JSON.parse(e.body).name.en),
    );
    expect(seen).toEqual(["Eid al-Fitr (draft)"]);
    expect(new Set((await feed("/events.ics?city=aleppo")).events.map((e) => e.summary))).toEqual(new Set([EID.name.en]));
  });

  it("refuses an event whose dates are given twice or not at all", async () => {
    const { computed: _, days: __, ...undated } = { ...EID, slug: "undated" };
    await expect(t.domain.editing.create(editor, "event", undated)).rejects.toMatchObject({ code: "invalid" });
    await expect(t.domain.editing.create(editor, "event", { ...EID, slug: "twice", starts: "2027-03-10" })).rejects.toMatchObject({
      code: "invalid",
    });
  });
});
