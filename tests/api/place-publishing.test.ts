// Publishing one place writes that place (domain/content/place-publishing.ts), on both engines: the rows it
// writes are exactly those the whole-site load would write (a full rewrite afterwards finds nothing to change),
// no other place is touched, a city's picture follows its most popular place, and a place that a published
// video names cannot be taken off. A place's media and a library video of one place are written the same way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { placeStamps, wholeSiteRewrite as rewrite } from "../fixtures/publishing.ts";
import { newPlace, NEW_PLACE } from "../fixtures/new-place.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };

describe.each(ENGINES)("publishing one place on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());

  const editing = () => t.domain.editing;
  const wholeSiteRewrite = () => rewrite(t.database);
  const stamps = () => placeStamps(t.database);
  const cityPicture = async (slug: string) =>
    (
      await t.database.db
        .selectFrom("media")
        .innerJoin("cities", "cities.id", "media.owner_id")
        .select("media.src")
        .where("media.owner_type", "=", "city")
        .where("cities.slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).src;

  it("writes a changed place alone, as the whole-site load would have written it", async () => {
    const before = await stamps();
    const version = await t.domain.content.version();
    const item = await editing().item(editor, "site", "umayyad-mosque");
    const changed = { ...(item.draft as { summary: Record<string, string> }) };
    changed.summary = { ...changed.summary, en: `${changed.summary.en} Its courtyard is paved in white marble.` };
    const revision = await editing().save(editor, "site", "umayyad-mosque", item.revision, changed);
    const report = await editing().publish(editor, "site", "umayyad-mosque", revision);
    expect(report).toMatchObject({ changed: 1, deleted: 0, version: version + 1 });
    const after = await stamps();
    for (const [slug, stamp] of before) if (slug !== "umayyad-mosque") expect(after.get(slug), slug).toBe(stamp);
    expect(after.get("umayyad-mosque")).not.toBe(before.get("umayyad-mosque"));
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0, version: version + 1 });
  });

  it("publishes a new place, and takes it off, each as the whole-site load would", async () => {
    await editing().create(editor, "site", newPlace());
    const created = await editing().item(editor, "site", NEW_PLACE.slug);
    const published = await editing().publish(editor, "site", NEW_PLACE.slug, created.revision);
    expect(published.changed).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.selectFrom("places").select("id").where("slug", "=", NEW_PLACE.slug).executeTakeFirst()).toBeDefined();
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0 });

    const taken = await editing().unpublish(editor, "site", NEW_PLACE.slug, created.revision);
    expect(taken).toMatchObject({ deleted: 1, version: published.version + 1 });
    expect(await t.database.db.selectFrom("places").select("id").where("slug", "=", NEW_PLACE.slug).executeTakeFirst()).toBeUndefined();
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0 });
  });

  it("publishes a place's media by writing that place alone, as the whole-site load would have written it", async () => {
    const before = await stamps();
    const item = await editing().item(editor, "media", "umayyad-mosque");
    const draft = item.draft as { entries: Array<{ title: Record<string, string> }> };
    const entries = draft.entries.map((e, i) =>
      i === 0 ? { ...e, title: { ...e.title, en: `${e.title.en}: the courtyard at dawn` } } : e,
    );
    const revision = await editing().save(editor, "media", "umayyad-mosque", item.revision, { entries });
    const { version } = await editing().publish(editor, "media", "umayyad-mosque", revision);
    const after = await stamps();
    for (const [slug, stamp] of before) if (slug !== "umayyad-mosque") expect(after.get(slug), slug).toBe(stamp);
    expect(after.get("umayyad-mosque")).not.toBe(before.get("umayyad-mosque"));
    // The search index is told of that one place, not of the whole site.
    const noted = await t.database.db.selectFrom("search_changes").select("place_id").where("version", "=", version).execute();
    expect(noted.map((r) => r.place_id)).toHaveLength(1);
    expect(noted[0]!.place_id).not.toBeNull();
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0, version });
  });

  it("redoes a city's picture when another place becomes its most popular, as the load decides it", async () => {
    const before = await cityPicture("damascus");
    // Straight Street (70) overtakes the Umayyad Mosque (99), with a picture of another motif.
    const item = await editing().item(editor, "site", "straight-street");
    const draft = item.draft as { popularity: number; images: Array<{ motif: string }> };
    const images = draft.images.map((img, i) => (i === 0 ? { ...img, motif: "souq" } : img));
    const revision = await editing().save(editor, "site", "straight-street", item.revision, { ...draft, popularity: 100, images });
    await editing().publish(editor, "site", "straight-street", revision);
    expect(await cityPicture("damascus")).not.toBe(before);
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0 });
  });

  it("refuses to take off a place a published video names, and writes nothing", async () => {
    const place = "citadel-of-aleppo";
    const video = {
      slug: "a-video-of-a-place",
      file: "courtyard.1234abcd.webm",
      width: 160,
      height: 90,
      seconds: 3,
      place,
      sign: false,
      title: { en: "A short film of the place", ar: "فيلم قصير عن المكان" },
      credit: "Ministry of Tourism",
      licence: "ministry",
      captions: [{ language: "en", file: "courtyard-en.1234abcd.vtt" }],
    };
    await t.database.db
      .insertInto("content_documents")
      .values({
        type: "video",
        slug: video.slug,
        position: 0,
        revision: 1,
        draft: JSON.stringify(video),
        published: JSON.stringify(video),
        translated_from: "{}",
        updated_at: new Date().toISOString(),
        published_at: new Date().toISOString(),
      } as never)
      .execute();
    const version = await t.domain.content.version();
    const item = await editing().item(editor, "site", place);
    await expect(editing().unpublish(editor, "site", place, item.revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: [expect.objectContaining({ field: `video/${video.slug}.place`, code: "unknown-reference" })],
    });
    expect(await t.domain.content.version()).toBe(version);
    expect(await t.database.db.selectFrom("places").select("id").where("slug", "=", place).executeTakeFirst()).toBeDefined();
    expect((await editing().item(editor, "site", place)).status).not.toBe("draft");
  });

  it("publishes a library video by writing the one place it belongs to", async () => {
    const item = await editing().item(editor, "video", "a-video-of-a-place");
    const draft = item.draft as { title: Record<string, string> };
    const revision = await editing().save(editor, "video", "a-video-of-a-place", item.revision, {
      ...draft,
      title: { ...draft.title, en: "A short film of the citadel's gate" },
    });
    const { version } = await editing().publish(editor, "video", "a-video-of-a-place", revision);
    const noted = await t.database.db.selectFrom("search_changes").select("place_id").where("version", "=", version).execute();
    const id = (await t.database.db.selectFrom("places").select("id").where("slug", "=", "citadel-of-aleppo").executeTakeFirstOrThrow()).id;
    expect(noted.map((r) => Number(r.place_id))).toEqual([id]);
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0, version });
  });

  it("notes for the search index the one place a publish changed, and the search finds it at once", async () => {
    const item = await editing().item(editor, "site", "citadel-of-aleppo");
    const draft = item.draft as { name: Record<string, string>; aliases: string[] };
    const revision = await editing().save(editor, "site", "citadel-of-aleppo", item.revision, {
      ...draft,
      aliases: [...draft.aliases, "Qalaat Halab Zanzibar"],
    });
    const { version } = await editing().publish(editor, "site", "citadel-of-aleppo", revision);
    const noted = await t.database.db.selectFrom("search_changes").select(["place_id"]).where("version", "=", version).execute();
    const id = (await t.database.db.selectFrom("places").select("id").where("slug", "=", "citadel-of-aleppo").executeTakeFirstOrThrow()).id;
    expect(noted.map((r) => Number(r.place_id))).toEqual([id]);
    const found = await t.app.request("/back/api/user/place1/search?page=1&per_page=10", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "zanzibar", language: 1 }),
    });
    expect(((await found.json()) as { data: Array<{ id: number }> }).data.map((p) => p.id)).toEqual([id]);
    // And a whole-site rewrite afterwards finds nothing the publish left to write.
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, version });
  });

  it("shows a place's draft on the live site inside a transaction that is rolled back, leaving nothing behind", async () => {
    const item = await editing().item(editor, "site", "umayyad-mosque");
    const draft = item.draft as { name: Record<string, string> };
    await editing().save(editor, "site", "umayyad-mosque", item.revision, {
      ...draft,
      name: { ...draft.name, en: "The Great Mosque of Damascus" },
    });
    const version = await t.domain.content.version();
    const publicName = async (db: typeof t.database.db) =>
      (
        await db
          .selectFrom("place_translations")
          .innerJoin("places", "places.id", "place_translations.place_id")
          .select("place_translations.name")
          .where("places.slug", "=", "umayyad-mosque")
          .where("place_translations.language", "=", "en")
          .executeTakeFirstOrThrow()
      ).name;
    const seen = await editing().withDraftPublished(editor, "site", "umayyad-mosque", (site) => publicName(site.db));
    expect(seen).toBe("The Great Mosque of Damascus");
    expect(await publicName(t.database.db)).not.toBe("The Great Mosque of Damascus");
    expect(await t.domain.content.version()).toBe(version);
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, version });
  });
});
