// What a workspace draft may hold, on both engines, through the domain service its pages call: a draft that
// cannot be stored is refused with every field at fault and nothing written; a half-written one is kept, its
// problems all named beside their fields, and only its publishing refused; the items a draft names by key must
// be published ones; and drafts whose problems are not known yet are checked in batches for the list to filter by.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { EditingService } from "../../domain/content/editing.ts";
import { newPlace } from "../fixtures/new-place.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";
import { editor, publicPlaceId } from "../fixtures/workspace-content.ts";

describe.each(ENGINES)("workspace content problems on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let editing: EditingService;
  beforeAll(async () => {
    t = await testApp(engine);
    editing = t.domain.editing;
  });
  afterAll(() => t.close());

  const publicId = (slug: string) => publicPlaceId(t.database, slug);

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
});
