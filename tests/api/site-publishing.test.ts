// Publishing an item many places name (domain/content/site-publishing.ts), on both engines: the places are not
// read or written, the rows are those the whole-site load would write (a full rewrite afterwards finds nothing
// to change), and what the change would break among the places is found in the public tables and refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { placeStamps, wholeSiteRewrite as rewrite } from "../fixtures/publishing.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };

describe.each(ENGINES)("publishing an item many places name on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());

  const editing = () => t.domain.editing;
  const wholeSiteRewrite = () => rewrite(t.database);
  const stamps = () => placeStamps(t.database);
  const edit = async <T>(type: string, slug: string, change: (draft: T) => T) => {
    const item = await editing().item(editor, type, slug);
    return editing().save(editor, type, slug, item.revision, change(structuredClone(item.draft) as T));
  };

  it("publishes a city's new text without touching a place, as the whole-site load would", async () => {
    const before = await stamps();
    const version = await t.domain.content.version();
    const revision = await edit<{ description: Record<string, string> }>("city", "damascus", (d) => ({
      ...d,
      description: { ...d.description, en: `${d.description.en} Its old city is walled.` },
    }));
    const report = await editing().publish(editor, "city", "damascus", revision);
    expect(report).toMatchObject({ changed: 1, deleted: 0, version: version + 1 });
    expect(await stamps()).toEqual(before);
    // A city's names are in its places' search texts: the index is told that any place may have changed.
    const noted = await t.database.db.selectFrom("search_changes").select("place_id").where("version", "=", report.version).execute();
    expect(noted).toEqual([{ place_id: null }]);
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0, version: report.version });
  });

  it("shows a service's new name in the places' answers of the API at once: what the answers keep of the services goes with the version", async () => {
    const api = async (path: string) => (await (await t.app.request(`/back/api/user${path}`)).json()) as { data: any[] };
    const { id: hotels } = await t.database.db
      .selectFrom("service_types")
      .select("id")
      .where("slug", "=", "hotels")
      .executeTakeFirstOrThrow();
    const hotel = await t.database.db
      .selectFrom("places")
      .select(["city_id", "category_id"])
      .where("service_type_id", "=", hotels)
      .executeTakeFirstOrThrow();
    const list = `/place1/places/city/${hotel.city_id}/category/${hotel.category_id}/language/3/service/${hotels}`;
    expect((await api(list)).data[0].service).toMatchObject({ idservices: hotels, ser_name: "Hôtels" });
    const revision = await edit<{ name: Record<string, string> }>("service-type", "hotels", (d) => ({
      ...d,
      name: { ...d.name, fr: "Hôtels et auberges" },
    }));
    await editing().publish(editor, "service-type", "hotels", revision);
    expect((await api(list)).data[0].service).toMatchObject({ idservices: hotels, ser_name: "Hôtels et auberges" });
    // And in a search, which reads its places apart from the lists.
    const search = await t.app.request("/back/api/user/place1/search", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "hotel", star: 0, service: hotels, language: 3 }),
    });
    const found = ((await search.json()) as { data: any[] }).data;
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(p.service).toMatchObject({ ser_name: "Hôtels et auberges" });
  });

  it("refuses a city's radius that leaves its places outside, naming them, and writes nothing", async () => {
    const version = await t.domain.content.version();
    const revision = await edit<{ radiusKm: number }>("city", "damascus", (d) => ({ ...d, radiusKm: 0.001 }));
    await expect(editing().publish(editor, "city", "damascus", revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: expect.arrayContaining([expect.objectContaining({ field: "site/umayyad-mosque.coordinates", code: "outside-city" })]),
    });
    expect(await t.domain.content.version()).toBe(version);
    expect(
      (await t.database.db.selectFrom("cities").select("radius_km").where("slug", "=", "damascus").executeTakeFirstOrThrow()).radius_km,
    ).not.toBe(0.001);
  });

  it("refuses to make a category another kind while places of the first kind are in it", async () => {
    const category = (await t.database.db
      .selectFrom("categories")
      .innerJoin("places", "places.category_id", "categories.id")
      .select(["categories.slug", "places.slug as place", "places.kind"])
      .where("places.kind", "=", "site")
      .executeTakeFirstOrThrow()) as { slug: string; place: string; kind: string };
    const revision = await edit<{ kind: number }>("category", category.slug, (d) => ({ ...d, kind: 2 }));
    await expect(editing().publish(editor, "category", category.slug, revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: expect.arrayContaining([
        expect.objectContaining({ field: `site/${category.place}.category`, code: "wrong-category-kind" }),
      ]),
    });
  });

  it("publishes the settings without touching a place, and tells the search nothing changed", async () => {
    const before = await stamps();
    const revision = await edit<Record<string, unknown>>("settings", "all", (d) => ({ ...d, retentionMonths: 18 }));
    const report = await editing().publish(editor, "settings", "all", revision);
    expect(report.changed).toBe(1);
    expect(await stamps()).toEqual(before);
    expect(await t.database.db.selectFrom("search_changes").select("place_id").where("version", "=", report.version).execute()).toEqual([]);
    expect(await wholeSiteRewrite()).toMatchObject({ changed: 0, deleted: 0 });
  });

  it("previews a city's draft on the live site inside a transaction that is rolled back, leaving nothing behind", async () => {
    const description = async (db: typeof t.database.db) =>
      (
        await db
          .selectFrom("city_translations")
          .innerJoin("cities", "cities.id", "city_translations.city_id")
          .select("city_translations.description")
          .where("cities.slug", "=", "aleppo")
          .where("city_translations.language", "=", "en")
          .executeTakeFirstOrThrow()
      ).description;
    const published = await description(t.database.db);
    const version = await t.domain.content.version();
    await edit<{ description: Record<string, string> }>("city", "aleppo", (d) => ({
      ...d,
      description: { ...d.description, en: "A draft nobody else sees." },
    }));
    const seen = await editing().withDraftPublished(editor, "city", "aleppo", (site) => description(site.db));
    expect(seen).toBe("A draft nobody else sees.");
    expect(await description(t.database.db)).toBe(published);
    expect(await t.domain.content.version()).toBe(version);
    expect((await editing().item(editor, "city", "aleppo")).status).not.toBe("published");
  });
});
