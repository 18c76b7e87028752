// The open datasets (decision 032), on both engines, through the real HTTP app: places.geojson is valid RFC 7946
// (longitude first, every point inside Syria's outline) and fits its published JSON Schema; places.csv parses
// with a standard CSV parser, Arabic included, a row per place and language; the catalogue expands as JSON-LD;
// every place agrees with what the mobile app's API says of it; anyone may fetch them (CORS, no cookie), in the
// encoding they accept, and a client with the current copy gets 304; an item taken off the site leaves them.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "@placemarkio/check-geojson";
import { parse } from "csv-parse/sync";
import jsonld from "jsonld";
import { geoContains } from "d3-geo";
import { feature } from "topojson-client";
import type { Feature, FeatureCollection, Geometry } from "geojson";
import type { GeometryCollection, Topology } from "topojson-specification";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { placesSchema } from "../../domain/open-data/schema.ts";
import { CSV_COLUMNS } from "../../domain/open-data/places.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };

/** Syria's outline, from Natural Earth's 1:10m countries (the site's own map uses the same). */
function syria(): Feature<Geometry> {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve("world-atlas/countries-10m.json"), "utf8")) as Topology<{
    countries: GeometryCollection;
  }>;
  const all = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
  return all.features.find((f) => String(f.id) === "760")!;
}

type Places = ReturnType<typeof placesSchema.parse>;

describe.each(ENGINES)("open data on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());
  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
  const geojson = async () => (await (await get("/open-data/places.geojson")).json()) as Places;

  it("gives every published place as valid GeoJSON, inside Syria, as the API says it", async () => {
    const res = await get("/open-data/places.geojson");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("last-modified")).toBeTruthy();
    const text = await res.text();
    // RFC 7946, as an independent checker reads it; then the dataset's own schema, field by field.
    expect(() => check(text)).not.toThrow();
    const places = placesSchema.parse(JSON.parse(text));
    const published = await t.database.db.selectFrom("places").select(["id", "lat", "lng"]).execute();
    expect(places.features.map((f) => f.properties.id).sort((a, b) => a - b)).toEqual(published.map((p) => p.id).sort((a, b) => a - b));
    const outline = syria();
    for (const f of places.features) {
      const [lng, lat] = f.geometry.coordinates;
      const row = published.find((p) => p.id === f.properties.id)!;
      expect([lng, lat], f.id).toEqual([Number(row.lng), Number(row.lat)]);
      expect(geoContains(outline, [lng, lat]), `${f.id} at ${lng}, ${lat}`).toBe(true);
      // What the mobile app's API says of the same place, in Arabic: its name, category, city and status.
      const api = (await (await get(`/back/api/user/place1/places/${f.properties.id}?language=2`)).json()) as {
        data: {
          place_name: string;
          categories_idcategories: number;
          cities_idcities: number;
          governorate: string;
          status?: { state: string };
        };
      };
      expect(api.data.place_name).toBe(f.properties.name.ar ?? f.properties.name.en);
      expect(f.properties.pages.ar).toBe(
        `http://site.test/ar/cities/${api.data.categories_idcategories}/sites/${api.data.cities_idcities}/action/${f.properties.id}`,
      );
      expect(f.properties.governorate).toBe(api.data.governorate);
      expect(f.properties.status?.state ?? null).toBe(api.data.status?.state ?? null);
    }
    // Each picture keeps its own licence and credit: as many credited as the public tables hold (the seed's are
    // checked on the running site, tests/e2e/open-data.test.ts).
    const media = await t.database.db
      .selectFrom("media")
      .select("details")
      .where("owner_type", "=", "place")
      .where("kind", "=", "image")
      .execute();
    const credited = media.filter((m) => (JSON.parse(m.details) as { credit?: unknown }).credit).length;
    expect(places.features.flatMap((f) => f.properties.pictures).filter((p) => p.credit)).toHaveLength(credited);
    expect(places.features.flatMap((f) => f.properties.pictures)).toHaveLength(media.length);
  });

  it("gives a CSV row per place and language that a standard parser reads, Arabic included", async () => {
    const res = await get("/open-data/places.csv");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    const rows = parse(await res.text(), { columns: true }) as Array<Record<(typeof CSV_COLUMNS)[number], string>>;
    const places = await geojson();
    expect(rows).toHaveLength(places.features.reduce((n, f) => n + Object.keys(f.properties.name).length, 0));
    const first = places.features[0]!;
    const arabic = rows.find((r) => r.slug === first.properties.slug && r.language === "ar")!;
    expect(arabic.name).toBe(first.properties.name.ar);
    expect(arabic.name).toMatch(/\p{Script=Arabic}/u);
    expect([Number(arabic.longitude), Number(arabic.latitude)]).toEqual(first.geometry.coordinates);
    expect(arabic.page).toBe(first.properties.pages.ar);
  });

  it("describes the datasets in a DCAT-AP catalogue that expands as JSON-LD, and publishes the schema", async () => {
    const res = await get("/open-data/catalog.jsonld");
    expect(res.headers.get("content-type")).toBe("application/ld+json; charset=utf-8");
    const expanded = await jsonld.expand(await res.json());
    const text = JSON.stringify(expanded);
    expect(text).toContain("http://www.w3.org/ns/dcat#Catalog");
    expect(text).toContain("http://site.test/open-data/places.geojson");
    expect(text).toContain("http://site.test/open-data/places.csv");
    expect(text).toContain("https://creativecommons.org/licenses/by/4.0/");
    const schema = (await (await get("/open-data/places.schema.json")).json()) as { $schema: string; properties: object };
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.properties).toHaveProperty("features");
  });

  it("sends the encoding asked for, 304 to a client with the current copy, and a new copy once a place leaves", async () => {
    const plain = await (await get("/open-data/places.geojson")).text();
    const br = await get("/open-data/places.geojson", { "accept-encoding": "br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await get("/open-data/places.csv", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain(CSV_COLUMNS.join(","));
    const etag = br.headers.get("etag")!;
    expect((await get("/open-data/places.geojson", { "accept-encoding": "br", "if-none-match": etag })).status).toBe(304);

    // Taken off the site: gone from both files, with a new tag.
    const gone = (await geojson()).features[0]!.properties.slug;
    const item = await t.domain.editing.item(editor, "site", gone).catch(() => t.domain.editing.item(editor, "culture", gone));
    await t.domain.editing.unpublish(editor, item.type, gone, item.revision);
    const after = await get("/open-data/places.geojson", { "accept-encoding": "br", "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await geojson()).features.map((f) => f.properties.slug)).not.toContain(gone);
    expect(await (await get("/open-data/places.csv")).text()).not.toContain(`,${gone},`);
    expect((await get("/open-data/nothing.json")).status).toBe(404);
  });

  it("gives a place's Wikidata item once an editor who is sure of it sets it, and refuses one that is no item", async () => {
    const { editing } = t.domain;
    const item = await editing.item(editor, "site", "straight-street");
    await expect(
      editing.save(editor, "site", "straight-street", item.revision, { ...(item.draft as object), wikidata: "Straight" }),
    ).rejects.toMatchObject({
      code: "invalid",
      problems: [expect.objectContaining({ field: "wikidata" })],
    });
    // (The fixtures' places are invented, and so is this id.)
    const saved = await editing.save(editor, "site", "straight-street", item.revision, {
      ...(item.draft as object),
      wikidata: "Q99999001",
    });
    await editing.publish(editor, "site", "straight-street", saved);
    const feature = (await geojson()).features.find((f) => f.properties.slug === "straight-street")!;
    expect(feature.properties.wikidata).toBe("Q99999001");
    expect((await geojson()).features.filter((f) => f.properties.wikidata)).toHaveLength(1);
  });
});
