// The workspace's content on both engines, through the domain service its pages call: drafts stay off the
// site, a publish reaches the public API and search, two editors cannot overwrite each other, translators
// write only their languages and never publish, what published content refers to stays on the site,
// schedules publish, selected items are published, taken off and scheduled at once, and every write is in the
// audit log. What keeps a draft from being stored or published is in workspace-content-problems.test.ts; the
// lists and translation states in workspace-content-lists.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TEST_MEDIA, testApp } from "../setup/test-app.ts";
import type { EditingService } from "../../domain/content/editing.ts";
import { composeEditing } from "../../server/compose-editing.ts";
import { contentImages } from "../../domain/content/images.ts";
import { newPlace, NEW_PLACE } from "../fixtures/new-place.ts";
import { editor, publicPlaceId, translator, viewer } from "../fixtures/workspace-content.ts";

const API = "/back/api/user";
const SLUG = NEW_PLACE.slug;

describe.each(ENGINES)("workspace content on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let editing: EditingService;
  beforeAll(async () => {
    t = await testApp(engine);
    editing = t.domain.editing;
  });
  afterAll(() => t.close());

  const publicId = (slug: string) => publicPlaceId(t.database, slug);
  const api = async (path: string, init?: RequestInit) => (await (await t.app.request(API + path, init)).json()) as any;
  const search = (name: string, language: number) =>
    api("/place1/search?page=1&per_page=10", {
      method: "POST",
      body: JSON.stringify({ name, star: 0, service: 0, language }),
      headers: { "content-type": "application/json" },
    });

  it("keeps a new place as a draft, off the site, until an editor publishes it in the languages it has", async () => {
    const versionBefore = await t.domain.content.version();
    await editing.create(editor, "site", newPlace());
    expect((await editing.item(editor, "site", SLUG)).status).toBe("draft");
    expect(await publicId(SLUG)).toBeUndefined();
    expect((await search("Ibn Arabi", 1)).data).toEqual([]);

    // The translator adds French, and may do nothing else.
    const item = await editing.item(translator, "site", SLUG);
    const french = structuredClone(item.draft) as ReturnType<typeof newPlace>;
    french.name.fr = NEW_PLACE.frenchName;
    const revision = await editing.save(translator, "site", SLUG, item.revision, french);
    expect(revision).toBe(item.revision + 1);
    const english = { ...french, name: { ...french.name, en: "Changed by a translator" } };
    await expect(editing.save(translator, "site", SLUG, revision, english)).rejects.toMatchObject({
      code: "language",
      problems: [{ field: "name.en" }],
    });
    await expect(editing.save(translator, "site", SLUG, revision, { ...french, popularity: 1 })).rejects.toMatchObject({
      code: "language",
    });
    await expect(editing.publish(translator, "site", SLUG, revision)).rejects.toMatchObject({ code: "forbidden" });
    await expect(editing.save(viewer, "site", SLUG, revision, french)).rejects.toMatchObject({ code: "forbidden" });
    expect(await publicId(SLUG)).toBeUndefined();

    await editing.publish(editor, "site", SLUG, revision);
    expect(await t.domain.content.version()).toBe(versionBefore + 1);
    const id = await publicId(SLUG);
    expect(id).toBeTypeOf("number");
    expect((await api(`/place1/places/${id}`)).data.place_name).toBe(NEW_PLACE.name.en);
    expect((await api(`/place1/places/${id}?language=2`)).data.place_name).toBe(NEW_PLACE.name.ar);
    expect((await api(`/place1/places/${id}?language=3`)).data.place_name).toBe(NEW_PLACE.frenchName);
    // Spanish has no translation yet: the English text stands in for it.
    expect((await api(`/place1/places/${id}?language=4`)).data.place_name).toBe(NEW_PLACE.name.en);
    expect((await search("Ibn Arabi", 1)).data.map((p: any) => p.place_name)).toContain(NEW_PLACE.name.en);
  });

  it("refuses the second of two saves made from the same revision, and keeps the first", async () => {
    const item = await editing.item(editor, "city", "damascus");
    const first = { ...(item.draft as object), radiusKm: 61 };
    const second = { ...(item.draft as object), radiusKm: 62 };
    await editing.save(editor, "city", "damascus", item.revision, first);
    await expect(editing.save(editor, "city", "damascus", item.revision, second)).rejects.toMatchObject({ code: "conflict" });
    expect(((await editing.item(editor, "city", "damascus")).draft as { radiusKm: number }).radiusKm).toBe(61);
  });

  it("refuses to unpublish what published content still refers to", async () => {
    const city = await editing.item(editor, "city", "aleppo");
    await expect(editing.unpublish(editor, "city", "aleppo", city.revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: expect.arrayContaining([expect.objectContaining({ field: "site/citadel-of-aleppo.city", code: "unknown-reference" })]),
    });
    expect(await publicId("citadel-of-aleppo")).toBeTypeOf("number");
  });

  it("unpublishes a place, then publishes it at its scheduled time", async () => {
    const item = await editing.item(editor, "site", "straight-street");
    await editing.unpublish(editor, "site", "straight-street", item.revision);
    expect(await publicId("straight-street")).toBeUndefined();
    await expect(editing.schedule(editor, "site", "straight-street", item.revision, new Date(Date.now() - 1000))).rejects.toMatchObject({
      code: "invalid",
    });
    const at = new Date(Date.now() + 60_000);
    await editing.schedule(editor, "site", "straight-street", item.revision, at);
    expect(await editing.runSchedule()).toBe(0);
    // The same service a minute later (its clock moved on, not the test's).
    const later = composeEditing({
      handle: t.database,
      image: contentImages(TEST_MEDIA),
      settings: () => t.domain.content.settings(),
      now: () => new Date(at.getTime() + 1000),
    });
    expect(await later.runSchedule()).toBe(1);
    expect(await publicId("straight-street")).toBeTypeOf("number");
    expect((await editing.item(editor, "site", "straight-street")).publishAt).toBeNull();
  });

  it("writes every change to the audit log with what it was before and after", async () => {
    const entries = await t.domain.workspace.audit({ limit: 100, offset: 0 });
    const actions = entries.map((e) => `${e.action} ${e.target}`);
    for (const a of [
      "content.create site/ibn-arabi-mosque",
      "content.save site/ibn-arabi-mosque",
      "content.publish site/ibn-arabi-mosque",
      "content.unpublish site/straight-street",
      "content.schedule site/straight-street",
    ])
      expect(actions).toContain(a);
    const frSave = entries.find((e) => e.action === "content.save" && e.target === "site/ibn-arabi-mosque")!;
    expect(frSave).toMatchObject({
      actorEmail: "translator@example.org",
      before: { "name.fr": null },
      after: { "name.fr": expect.any(String) },
    });
  });

  it("publishes, takes off and schedules selected items at once, each checked and audited on its own", async () => {
    const revision = async (slug: string) => (await editing.item(editor, "site", slug)).revision;
    const picked = ["straight-street", "ibn-arabi-mosque"];
    const off = await editing.applyToEach(
      editor,
      "site",
      "unpublish",
      await Promise.all(picked.map(async (slug) => ({ slug, revision: await revision(slug) }))),
      null,
    );
    expect(off).toMatchObject({ done: picked.map((slug) => ({ slug, title: expect.any(String) })), refused: [] });
    for (const slug of picked) expect(await publicId(slug)).toBeUndefined();
    // One fresh, one seen at an older revision, and a half-written draft: the first is published, the others say why.
    const unfinished = await editing.create(editor, "site", { slug: "half-written-site", name: { en: "Half written" } });
    const again = await editing.applyToEach(
      editor,
      "site",
      "publish",
      [
        { slug: picked[0]!, revision: await revision(picked[0]!) },
        { slug: picked[1]!, revision: (await revision(picked[1]!)) - 1 },
        { slug: unfinished, revision: await revision(unfinished) },
      ],
      null,
    );
    expect(again.done.map((d) => d.slug)).toEqual([picked[0]]);
    expect(again.refused).toEqual([
      expect.objectContaining({ slug: picked[1], code: "conflict" }),
      expect.objectContaining({
        slug: unfinished,
        code: "unfinished",
        problems: expect.arrayContaining([expect.objectContaining({ field: "city" })]),
      }),
    ]);
    expect(await publicId(picked[0]!)).toBeTypeOf("number");
    expect(await publicId(picked[1]!)).toBeUndefined();
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await editing.applyToEach(
      editor,
      "site",
      "schedule",
      [{ slug: picked[1]!, revision: await revision(picked[1]!) }],
      at,
    );
    expect(scheduled.done).toHaveLength(1);
    expect((await editing.item(editor, "site", picked[1]!)).publishAt).toBe(at.toISOString());
    const actions = (await t.domain.workspace.audit({ limit: 20, offset: 0 })).map((e) => `${e.action} ${e.target}`);
    for (const a of [
      `content.unpublish site/${picked[0]}`,
      `content.unpublish site/${picked[1]}`,
      `content.publish site/${picked[0]}`,
      `content.schedule site/${picked[1]}`,
    ])
      expect(actions).toContain(a);
    // Nothing selected, too many, a time in the past, a role that may not publish: refused whole.
    await expect(editing.applyToEach(editor, "site", "publish", [], null)).rejects.toMatchObject({ code: "invalid" });
    const many = Array.from({ length: 51 }, (_, i) => ({ slug: `s${i}`, revision: 1 }));
    await expect(editing.applyToEach(editor, "site", "publish", many, null)).rejects.toMatchObject({ code: "invalid" });
    await expect(editing.applyToEach(editor, "site", "schedule", [{ slug: picked[1]!, revision: 1 }], new Date(0))).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(editing.applyToEach(translator, "site", "publish", [{ slug: picked[1]!, revision: 1 }], null)).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
