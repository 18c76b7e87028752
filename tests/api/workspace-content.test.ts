// The workspace's content on both engines, through the domain service its pages call: drafts stay off the
// site, a publish reaches the public API and search, two editors cannot overwrite each other, translators
// write only their languages and never publish, translation status follows the English, schedules publish,
// and every write is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TEST_MEDIA, testApp } from "../setup/test-app.ts";
import type { Editor, EditingService } from "../../domain/content/editing.ts";
import { composeEditing } from "../../server/compose-editing.ts";
import { contentImages } from "../../domain/content/images.ts";
import { newPlace, NEW_PLACE } from "../fixtures/new-place.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";

const API = "/back/api/user";
const SLUG = NEW_PLACE.slug;
const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const translator: Editor = { id: "t1", email: "translator@example.org", role: "translator", languages: "fr" };
const viewer: Editor = { id: "v1", email: "viewer@example.org", role: "viewer", languages: "" };

describe.each(ENGINES)("workspace content on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let editing: EditingService;
  beforeAll(async () => {
    t = await testApp(engine);
    editing = t.domain.editing;
  });
  afterAll(() => t.close());

  const publicId = async (slug: string) =>
    (await t.database.db.selectFrom("places").select("id").where("slug", "=", slug).executeTakeFirst())?.id;
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

  it("answers every field that keeps a draft from being stored with its path, naming what is unfinished too, and writes nothing", async () => {
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const broken = { ...(item.draft as object), popularity: 500, name: { ar: "بلا إنجليزية" }, coordinates: { lat: 33.5, lng: 40 } };
    await expect(editing.save(editor, "site", "umayyad-mosque", item.revision, broken)).rejects.toMatchObject({
      code: "invalid",
      problems: expect.arrayContaining([
        expect.objectContaining({ field: "popularity", code: "too_big" }),
        expect.objectContaining({ field: "name.en", code: "required" }),
      ]),
    });
    expect((await editing.item(editor, "site", "umayyad-mosque")).revision).toBe(item.revision);
  });

  it("keeps a half-written draft, names every problem it has at once beside its field, and only refuses to publish it", async () => {
    const slug = "half-written-khan";
    // A name, a city, and coordinates far from it; no summary, no information, one picture of three.
    const { address: _a, summary: _s, information: _i, governorate: _g, ...place } = newPlace();
    const half = {
      ...place,
      slug,
      coordinates: { lat: 33.5, lng: 40 },
      name: { en: "Khan still being written" },
      images: place.images.slice(0, 1),
    };
    await editing.create(editor, "site", half);
    const item = await editing.item(editor, "site", slug);
    expect(item.status).toBe("draft");
    expect(item.problems.map((p) => `${p.field} ${p.code}`).sort()).toEqual(
      ["governorate required", "address required", "summary required", "information required", "images too-few-images"].sort(),
    );
    // A later save with the information (too short) and the coordinates lets the next problems show: all at once.
    const second = {
      ...(item.draft as object),
      governorate: "damascus",
      address: { en: "Near the Straight Street" },
      summary: { en: "A khan." },
      information: { en: "Too short." },
    };
    const revision = await editing.save(editor, "site", slug, item.revision, second);
    expect((await editing.item(editor, "site", slug)).problems.map((p) => `${p.field} ${p.code}`).sort()).toEqual(
      ["coordinates outside-city", "information.en too-few-words", "images too-few-images"].sort(),
    );
    // The list shows it as not ready, and finds it among what is not.
    const notReady = await editing.listPage(editor, "site", { problems: true, page: 1 });
    expect(notReady.items.map((i) => [i.slug, i.problems])).toEqual([[slug, 3]]);
    await expect(editing.publish(editor, "site", slug, revision)).rejects.toMatchObject({
      code: "unfinished",
      problems: expect.arrayContaining([expect.objectContaining({ field: "coordinates", code: "outside-city" })]),
    });
    await expect(editing.schedule(editor, "site", slug, revision, new Date(Date.now() + 3_600_000))).rejects.toMatchObject({
      code: "unfinished",
    });
    expect(await publicId(slug)).toBeUndefined();
    // What keeps a draft from being stored still does: a text longer than its field, a wrong type.
    await expect(editing.save(editor, "site", slug, revision, { ...second, popularity: "many" })).rejects.toMatchObject({
      code: "invalid",
      problems: expect.arrayContaining([expect.objectContaining({ field: "popularity", code: "invalid_type" })]),
    });
    // A new draft still needs its key.
    await expect(editing.create(editor, "site", { ...half, slug: "" })).rejects.toMatchObject({
      code: "invalid",
      problems: expect.arrayContaining([expect.objectContaining({ field: "slug", code: "required" })]),
    });
  });

  it("checks a draft against the published items it names, each by its key: what is unknown or only a draft is named beside its field", async () => {
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const draft = item.draft as { images: Array<Record<string, unknown>> };
    const naming = {
      ...draft,
      category: "no-such-category",
      city: "no-such-city",
      images: draft.images.map((img, i) => (i === 0 ? { ...img, picture: "no-such-picture" } : img)),
    };
    await expect(editing.save(editor, "site", "umayyad-mosque", item.revision, naming)).rejects.toMatchObject({
      code: "invalid",
      problems: expect.arrayContaining([
        expect.objectContaining({ field: "category", code: "unknown-reference" }),
        expect.objectContaining({ field: "city", code: "unknown-reference" }),
        expect.objectContaining({ field: "images.0.picture", code: "unknown-reference" }),
      ]),
    });
    // A city made but never published is not one a place may name yet.
    const city = await editing.item(editor, "city", "damascus");
    await editing.create(editor, "city", { ...(city.draft as object), slug: "draft-only-city" });
    await expect(
      editing.save(editor, "site", "umayyad-mosque", item.revision, { ...draft, city: "draft-only-city" }),
    ).rejects.toMatchObject({ problems: [expect.objectContaining({ field: "city", code: "unknown-reference" })] });
    expect((await editing.item(editor, "site", "umayyad-mosque")).revision).toBe(item.revision);
  });

  it("marks a translation outdated when its English changes, and done again once it is translated", async () => {
    const item = await editing.item(editor, "site", "citadel-of-aleppo");
    expect(item.states.fr.name).toBe("done");
    const draft = item.draft as ReturnType<typeof newPlace>;
    const revision = await editing.save(editor, "site", "citadel-of-aleppo", item.revision, {
      ...draft,
      name: { ...draft.name, en: "The Citadel of Aleppo" },
    });
    const changed = await editing.item(editor, "site", "citadel-of-aleppo");
    expect(changed.states.en.name).toBe("done");
    expect(changed.states.fr.name).toBe("outdated");
    const table = await editing.translations(translator, { state: "outdated", page: 1 });
    expect(table.languages).toEqual(["fr"]);
    expect(table.rows).toContainEqual(expect.objectContaining({ slug: "citadel-of-aleppo", language: "fr", outdated: ["name"] }));
    const fr = changed.draft as ReturnType<typeof newPlace>;
    await editing.save(translator, "site", "citadel-of-aleppo", revision, { ...fr, name: { ...fr.name, fr: "La Citadelle d'Alep" } });
    expect((await editing.item(editor, "site", "citadel-of-aleppo")).states.fr.name).toBe("done");
  });

  it("lists translation work a page at a time, a row under every state it has, found by name and named in the reader's language", async () => {
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const draft = structuredClone(item.draft) as ReturnType<typeof newPlace>;
    // French: the name outdated (its English changed), the summary missing.
    const { fr: _summary, ...summary } = draft.summary as Record<string, string>;
    await editing.save(editor, "site", "umayyad-mosque", item.revision, {
      ...draft,
      name: { ...draft.name, en: "The Great Umayyad Mosque" },
      summary,
    });
    const rowOf = async (filter: Parameters<typeof editing.translations>[1]) =>
      (await editing.translations(editor, filter)).rows.find(
        (r) => r.type === "site" && r.slug === "umayyad-mosque" && r.language === "fr",
      );
    for (const state of [undefined, "missing", "outdated", "all"] as const)
      expect(await rowOf({ state, language: "fr", words: "umayyad", page: 1 }), state).toMatchObject({
        missing: ["summary"],
        outdated: ["name"],
      });
    expect(await rowOf({ state: "done", language: "fr", words: "umayyad", page: 1 })).toBeUndefined();
    expect((await rowOf({ language: "fr", words: "umayyad", page: 1, viewer: "ar" }))?.title).toBe(draft.name.ar);
    const first = await editing.translations(editor, { state: "all", page: 1 });
    expect(new Set(first.rows.map((r) => r.slug)).size).toBeLessThanOrEqual(50);
    expect(first.pages).toBe(Math.max(1, Math.ceil(first.total / 50)));
  });

  it("refuses to unpublish what published content still refers to", async () => {
    const city = await editing.item(editor, "city", "aleppo");
    await expect(editing.unpublish(editor, "city", "aleppo", city.revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: expect.arrayContaining([expect.objectContaining({ field: "site/citadel-of-aleppo.city", code: "unknown-reference" })]),
    });
    expect(await publicId("citadel-of-aleppo")).toBeTypeOf("number");
  });

  it("lists one kind's items a page at a time, and finds them by a word of their name", async () => {
    const all = await t.domain.editing.list(editor, "site");
    const first = await t.domain.editing.listPage(editor, "site", { page: 1 });
    expect(first.items.map((i) => i.slug)).toEqual(all.slice(0, 50).map((i) => i.slug));
    expect(first).toMatchObject({ total: all.length, pages: Math.max(1, Math.ceil(all.length / 50)) });
    const found = await t.domain.editing.listPage(editor, "site", { words: "UMAYYAD", page: 1 });
    expect(found.items.map((i) => i.slug)).toEqual(["umayyad-mosque"]);
    // LIKE's own characters are searched as themselves, not as patterns.
    expect((await t.domain.editing.listPage(editor, "site", { words: "%", page: 1 })).total).toBe(0);
  });

  it("finds an item by its name in any language as the site's search does: misspelt, without accents, half typed, or renamed", async () => {
    const find = async (words: string) => (await editing.listPage(editor, "site", { words, page: 1 })).items.map((i) => i.slug);
    // A wrong letter in Arabic (غ for ع), the hamza left off, and the article as typed.
    expect(await find("الجامغ الاموي")).toContain("umayyad-mosque");
    expect(await find("Umayad")).toContain("umayyad-mosque");
    expect(await find("mosquee des omeyades")).toContain("umayyad-mosque");
    expect(await find("EMEVİ CAMİİ")).toContain("umayyad-mosque");
    expect(await find("倭马亚")).toContain("umayyad-mosque");
    expect(await find("umay")).toContain("umayyad-mosque");
    // Another name it is known by, and its slug.
    expect(await find("great mosque of damascus")).toContain("umayyad-mosque");
    expect(await find("umayyad-mosque")).toContain("umayyad-mosque");
    expect(await find("zqxjv")).toEqual([]);
    // Every word typed must be met: a right word and a wrong one find nothing.
    expect(await find("umayyad zqxjv")).toEqual([]);
    // A name given in a save is found at once, misspelt too (its words join the vocabulary).
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const draft = item.draft as { name: Record<string, string> };
    await editing.save(editor, "site", "umayyad-mosque", item.revision, {
      ...draft,
      name: { ...draft.name, en: "Umayyad Mosque of Zenobiaville" },
    });
    expect(await find("zenobiavile")).toEqual(["umayyad-mosque"]);
  });

  it("filters the list by city, category and publication state, and sorts it by name, last change and who made it", async () => {
    const page = (filter: Parameters<typeof editing.listPage>[2]) => editing.listPage(editor, "site", filter);
    const inAleppo = await page({ city: "aleppo", page: 1 });
    expect(inAleppo.items.map((i) => i.slug)).toContain("citadel-of-aleppo");
    expect(inAleppo.items.map((i) => i.slug)).not.toContain("umayyad-mosque");
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const category = (item.draft as { category: string }).category;
    expect((await page({ category, city: "damascus", page: 1 })).items.map((i) => i.slug)).toContain("umayyad-mosque");
    // A saved change not yet published shows under "changed", and first when sorted by the last change.
    const popularity = ((item.draft as { popularity: number }).popularity % 100) + 1;
    await editing.save(editor, "site", "umayyad-mosque", item.revision, { ...(item.draft as object), popularity });
    expect((await page({ state: "changed", page: 1 })).items.map((i) => i.slug)).toContain("umayyad-mosque");
    expect((await page({ state: "published", city: "damascus", page: 1 })).items.map((i) => i.slug)).not.toContain("umayyad-mosque");
    expect((await page({ sort: "updated", page: 1 })).items[0]?.slug).toBe("umayyad-mosque");
    const byName = (await page({ sort: "title", page: 1 })).items.map((i) => i.title);
    expect(byName).toEqual([...byName].sort());
    expect((await page({ sort: "updatedBy", page: 1 })).items.at(-1)?.updatedBy ?? null).not.toBe(undefined);
  });

  it("filters the list by governorate and by a language's translation state", async () => {
    const slugs = async (filter: Parameters<typeof editing.listPage>[2]) =>
      (await editing.listPage(editor, "site", filter)).items.map((i) => i.slug);
    expect(await slugs({ governorate: "damascus", page: 1 })).toContain("umayyad-mosque");
    expect(await slugs({ governorate: "aleppo", page: 1 })).toEqual(["citadel-of-aleppo"]);
    const item = await editing.item(editor, "site", "citadel-of-aleppo");
    const draft = item.draft as { summary: Record<string, string> };
    const { it: _, ...summary } = draft.summary;
    await editing.save(editor, "site", "citadel-of-aleppo", item.revision, { ...draft, summary });
    expect(await slugs({ translation: { language: "it", state: "missing" }, page: 1 })).toContain("citadel-of-aleppo");
    expect(await slugs({ translation: { language: "it", state: "done" }, page: 1 })).not.toContain("citadel-of-aleppo");
    expect(await slugs({ translation: { language: "fr", state: "missing" }, page: 1 })).not.toContain("citadel-of-aleppo");
    expect(await slugs({ translation: { language: "fr", state: "done" }, page: 1 })).toContain("citadel-of-aleppo");
  });

  it("checks the drafts whose problems are not known yet, a batch at a time, for the list to filter by", async () => {
    const item = await editing.item(editor, "site", "half-written-khan");
    // As a restore from the trash or an added caption leaves it: saved, its problems unknown.
    await documentsRepository(t.database.db).saveDraft(
      { type: "site", slug: item.slug, revision: item.revision },
      item.draft,
      item.translatedFrom,
      {
        at: new Date().toISOString(),
        by: null,
        problems: null,
      },
    );
    expect((await editing.listPage(editor, "site", { problems: true, page: 1 })).items).toEqual([]);
    expect(await editing.checkUnchecked()).toBe(1);
    expect((await editing.listPage(editor, "site", { problems: true, page: 1 })).items.map((i) => i.slug)).toEqual(["half-written-khan"]);
    expect(await editing.checkUnchecked()).toBe(0);
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
