// All reads of published content. The only module (with its siblings) that writes SQL for content.
import { type Expression, expressionBuilder, type Selectable, type SqlBool, sql } from "kysely";
import type { Db } from "../engine.ts";
import type { Database } from "../schema.ts";
import { tr } from "./translations.ts";
import { cityName, placeSummaries, placesWithTexts, type PlaceQuery, wholePlaces } from "./place-columns.ts";
import { storedSettings, type StoredSettings } from "../../domain/content/schema.ts";

export type Page = { page: number; perPage: number };
type Paged<T> = { items: T[]; total: number };

type LanguageRow = { id: number; code: string; name: string };
export type CategoryRow = { id: number; slug: string; kind: number; name: string; description: string; updated_at: string };
export type CityRow = {
  id: number;
  slug: string;
  lat: number;
  lng: number;
  name: string;
  description: string;
  aliases: string;
  updated_at: string;
};
export type ServiceTypeRow = { id: number; slug: string; name: string; description: string; updated_at: string };
/** A place with its translation in one language, and the names of its city and category. */
export type PlaceRow = Selectable<Database["places"]> &
  Omit<Database["place_translations"], "place_id" | "language"> & { category_kind: number; city_name: string; category_name: string };
export type MediaRow = Selectable<Database["media"]> & Omit<Database["media_translations"], "media_id" | "language">;
/**
 * A place as the API's lists, a place's answer and a search give it: no long texts and no names of its city or
 * category (the answers show none), and the address of its cover picture, its first image.
 */
export type PlaceSummaryRow = Pick<
  PlaceRow,
  | "id"
  | "category_id"
  | "category_kind"
  | "city_id"
  | "service_type_id"
  | "star"
  | "lat"
  | "lng"
  | "governorate"
  | "facts"
  | "created_at"
  | "updated_at"
  | "name"
  | "summary"
  | "address"
> & { cover_src: string | null };
/** A place as a map marker. */
type MarkerRow = Pick<PlaceRow, "id" | "kind" | "category_id" | "city_id" | "lat" | "lng" | "name" | "city_name">;
/** Latitudes and longitudes that bound an area. */
export type MarkerBox = { south: number; north: number; west: number; east: number };
export type PlaceFilter = {
  categoryId?: number;
  cityId?: number;
  serviceTypeId?: number;
  star?: number;
  featured?: boolean;
  kind?: string;
  /** Places of every kind but this one. */
  notKind?: string;
  withoutService?: boolean;
  ids?: number[];
  slug?: string;
};

export function contentRepository(db: Db) {
  /**
   * The filter's conditions on a query over "places as p" (a list, a count, or a column's values), as one
   * expression: it fits any of those queries, whatever else they join.
   */
  function applyFilter<Q extends { where(condition: Expression<SqlBool>): Q }>(q: Q, f: PlaceFilter): Q {
    const eb = expressionBuilder<{ p: Database["places"] }, "p">();
    const all: Expression<SqlBool>[] = [];
    if (f.categoryId !== undefined) all.push(eb("p.category_id", "=", f.categoryId));
    if (f.cityId !== undefined) all.push(eb("p.city_id", "=", f.cityId));
    if (f.serviceTypeId !== undefined) all.push(eb("p.service_type_id", "=", f.serviceTypeId));
    if (f.star !== undefined) all.push(eb("p.star", "=", f.star));
    if (f.featured) all.push(eb("p.featured", "=", 1));
    if (f.kind !== undefined) all.push(eb("p.kind", "=", f.kind));
    if (f.notKind !== undefined) all.push(eb("p.kind", "<>", f.notKind));
    if (f.withoutService) all.push(eb("p.service_type_id", "is", null), eb("p.star", "is", null));
    if (f.ids) all.push(eb("p.id", "in", f.ids.length ? f.ids : [-1]));
    if (f.slug !== undefined) all.push(eb("p.slug", "=", f.slug));
    return all.length ? q.where(eb.and(all)) : q;
  }

  /**
   * How many places a filter matches, counted on the places alone: every place has its English texts, its city
   * and its category, so the joins of a list would not change the count, only make it read every text row.
   */
  async function countPlaces(filter: PlaceFilter): Promise<number> {
    const row = await applyFilter(db.selectFrom("places as p"), filter)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The places of a filter, most popular first, a page of them when asked (with the filter's count). */
  async function listed<O>(q: PlaceQuery<O>, filter: PlaceFilter, page?: Page): Promise<Paged<O>> {
    let ordered = applyFilter(q, filter).orderBy("p.popularity", "desc").orderBy("p.id");
    if (page) ordered = ordered.limit(page.perPage).offset((page.page - 1) * page.perPage);
    const items = (await ordered.execute()) as O[];
    const total = page ? await countPlaces(filter) : items.length;
    return { items, total };
  }

  return {
    async languages(): Promise<LanguageRow[]> {
      return db.selectFrom("languages").select(["id", "code", "name"]).orderBy("position").execute();
    },

    async categories(language: string, kind?: number): Promise<CategoryRow[]> {
      let q = db
        .selectFrom("categories as c")
        .innerJoin("category_translations as te", (j) => j.onRef("te.category_id", "=", "c.id").on("te.language", "=", "en"))
        .leftJoin("category_translations as tl", (j) => j.onRef("tl.category_id", "=", "c.id").on("tl.language", "=", language))
        .select(["c.id", "c.slug", "c.kind", "c.updated_at", tr("name").as("name"), tr("description").as("description")])
        .orderBy("c.position")
        .orderBy("c.id");
      if (kind !== undefined) q = q.where("c.kind", "=", kind);
      return q.execute();
    },

    async cities(
      language: string,
      filter: { ids?: number[]; withPlacesIn?: { categoryId?: number; featured?: boolean } } = {},
    ): Promise<CityRow[]> {
      let q = db
        .selectFrom("cities as c")
        .innerJoin("city_translations as te", (j) => j.onRef("te.city_id", "=", "c.id").on("te.language", "=", "en"))
        .leftJoin("city_translations as tl", (j) => j.onRef("tl.city_id", "=", "c.id").on("tl.language", "=", language))
        .select([
          "c.id",
          "c.slug",
          "c.lat",
          "c.lng",
          "c.updated_at",
          tr("name").as("name"),
          tr("description").as("description"),
          tr("aliases").as("aliases"),
        ])
        .orderBy("c.position")
        .orderBy("c.id");
      if (filter.ids) q = q.where("c.id", "in", filter.ids.length ? filter.ids : [-1]);
      const within = filter.withPlacesIn;
      if (within) {
        const { categoryId, featured } = within;
        q = q.where((eb) => {
          let places = eb.selectFrom("places as p").select("p.id").whereRef("p.city_id", "=", "c.id");
          if (categoryId !== undefined) places = places.where("p.category_id", "=", categoryId);
          if (featured) places = places.where("p.featured", "=", 1);
          return eb.exists(places);
        });
      }
      return q.execute();
    },

    async serviceTypes(
      language: string,
      filter: { ids?: number[]; offeredIn?: { cityId: number; categoryId: number } } = {},
    ): Promise<ServiceTypeRow[]> {
      let q = db
        .selectFrom("service_types as s")
        .innerJoin("service_type_translations as te", (j) => j.onRef("te.service_type_id", "=", "s.id").on("te.language", "=", "en"))
        .leftJoin("service_type_translations as tl", (j) => j.onRef("tl.service_type_id", "=", "s.id").on("tl.language", "=", language))
        .select(["s.id", "s.slug", "s.updated_at", tr("name").as("name"), tr("description").as("description")])
        .orderBy("s.position")
        .orderBy("s.id");
      if (filter.ids) q = q.where("s.id", "in", filter.ids.length ? filter.ids : [-1]);
      const offered = filter.offeredIn;
      if (offered) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom("places as p")
              .select("p.id")
              .whereRef("p.service_type_id", "=", "s.id")
              .where("p.city_id", "=", offered.cityId)
              .where("p.category_id", "=", offered.categoryId),
          ),
        );
      }
      return q.execute();
    },

    async places(language: string, filter: PlaceFilter, page?: Page): Promise<Paged<PlaceRow>> {
      // PlaceRow names the table's every column; the list selects those a reader uses.
      return (await listed(wholePlaces(db, language), filter, page)) as Paged<PlaceRow>;
    },

    /** Places as the API's answers show them (place-columns.ts `placeSummaries`), most popular first. */
    async placeSummaries(language: string, filter: PlaceFilter, page?: Page): Promise<Paged<PlaceSummaryRow>> {
      return listed(placeSummaries(db, language), filter, page);
    },

    /**
     * Places as map markers (what a marker shows, no texts but the name), most popular first: those a filter
     * matches, within a box of latitudes and longitudes when one is given, and at most `limit` of them. Every
     * place's whole row would not fit the server's memory at tens of thousands of places.
     */
    async markers(language: string, only: { box?: MarkerBox; filter?: PlaceFilter; limit?: number } = {}): Promise<MarkerRow[]> {
      // The places are chosen on `places` alone, most popular first (off migration 028's index, which holds
      // their coordinates), and only those chosen are joined to their texts. Joined first, SQLite (which keeps
      // no statistics here) read every place's English texts and sorted them: 370 ms for a window around a
      // place in Damascus at 50,000 places, against 1 to 2 ms now on either engine.
      let chosen = applyFilter(db.selectFrom("places as p"), only.filter ?? {}).select("p.id");
      const box = only.box;
      if (box)
        chosen = chosen
          .where("p.lat", ">=", box.south)
          .where("p.lat", "<=", box.north)
          .where("p.lng", ">=", box.west)
          .where("p.lng", "<=", box.east);
      chosen = chosen.orderBy("p.popularity", "desc").orderBy("p.id");
      if (only.limit !== undefined) chosen = chosen.limit(only.limit);
      return (await placesWithTexts(db, language)
        .select([
          "p.id",
          "p.kind",
          "p.category_id",
          "p.city_id",
          "p.lat",
          "p.lng",
          tr("name").as("name"),
          cityName(language).as("city_name"),
        ])
        .where("p.id", "in", chosen)
        .orderBy("p.popularity", "desc")
        .orderBy("p.id")
        .execute()) as MarkerRow[];
    },

    /** Where a page of places lives (its category and city), in the order of their ids: the sitemap's files. */
    async placeAddresses(filter: PlaceFilter, page: Page): Promise<Array<{ id: number; category_id: number; city_id: number }>> {
      return applyFilter(db.selectFrom("places as p"), filter)
        .select(["p.id", "p.category_id", "p.city_id"])
        .orderBy("p.id")
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage)
        .execute();
    },

    countPlaces,

    /** The distinct values one column takes among the places a filter matches (a list's filter options). */
    async placeValues(filter: PlaceFilter, column: "city_id" | "category_id" | "star"): Promise<number[]> {
      const rows = await applyFilter(db.selectFrom("places as p"), filter)
        .select((eb) => eb.ref(`p.${column}`).as("value"))
        .distinct()
        .execute();
      return rows
        .map((r) => r.value)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
    },

    /** Which categories each city has places of (of one kind): pairs, not the places. */
    async categoriesByCity(kind: string): Promise<Array<{ city_id: number; category_id: number }>> {
      return db.selectFrom("places").select(["city_id", "category_id"]).distinct().where("kind", "=", kind).execute();
    },

    async stars(filter: { categoryId: number; serviceTypeId: number; cityId: number }): Promise<number[]> {
      const rows = await db
        .selectFrom("places")
        .select("star")
        .distinct()
        .where("category_id", "=", filter.categoryId)
        .where("service_type_id", "=", filter.serviceTypeId)
        .where("city_id", "=", filter.cityId)
        .where("star", "is not", null)
        .orderBy("star")
        .execute();
      return rows.flatMap(({ star }) => (star === null ? [] : [star]));
    },

    async media(language: string, owners: { type: string; ids: number[] }, kinds?: string[]): Promise<MediaRow[]> {
      if (!owners.ids.length) return [];
      let q = db
        .selectFrom("media as m")
        .leftJoin("media_translations as te", (j) => j.onRef("te.media_id", "=", "m.id").on("te.language", "=", "en"))
        .leftJoin("media_translations as tl", (j) => j.onRef("tl.media_id", "=", "m.id").on("tl.language", "=", language))
        .select([
          "m.id",
          "m.owner_type",
          "m.owner_id",
          "m.kind",
          "m.position",
          "m.src",
          "m.width",
          "m.height",
          "m.details",
          "m.updated_at",
          sql<string>`coalesce(nullif(tl.title, ''), te.title, '')`.as("title"),
          sql<string>`coalesce(nullif(tl.description, ''), te.description, '')`.as("description"),
        ])
        .where("m.owner_type", "=", owners.type)
        .where("m.owner_id", "in", owners.ids)
        .orderBy("m.owner_id")
        .orderBy("m.kind")
        .orderBy("m.position");
      if (kinds) q = q.where("m.kind", "in", kinds);
      return q.execute();
    },

    async gallery(language: string) {
      return db
        .selectFrom("gallery_items as g")
        .innerJoin("gallery_item_translations as te", (j) => j.onRef("te.gallery_item_id", "=", "g.id").on("te.language", "=", "en"))
        .leftJoin("gallery_item_translations as tl", (j) => j.onRef("tl.gallery_item_id", "=", "g.id").on("tl.language", "=", language))
        .select(["g.id", "g.slug", tr("title").as("title"), tr("description").as("description")])
        .orderBy("g.position")
        .execute();
    },

    async experiences(language: string) {
      return db
        .selectFrom("experiences as x")
        .innerJoin("experience_translations as te", (j) => j.onRef("te.experience_id", "=", "x.id").on("te.language", "=", "en"))
        .leftJoin("experience_translations as tl", (j) => j.onRef("tl.experience_id", "=", "x.id").on("tl.language", "=", language))
        .select(["x.id", "x.slug", "x.city_id", tr("title").as("title"), tr("description").as("description")])
        .orderBy("x.position")
        .execute();
    },

    /**
     * The site settings, checked against their schema as they are read (its defaults filled in): every reader
     * gets the same typed values, and a bad row is an error here rather than a wrong value further on.
     */
    async settings(): Promise<StoredSettings> {
      const rows = await db.selectFrom("settings").selectAll().execute();
      return storedSettings.parse(Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)])));
    },

    /** The trip-planning guide's pages, in order, each with its document (JSON). */
    async guidePages(): Promise<Array<{ slug: string; reviewed: string; body: string; updated_at: string }>> {
      return db.selectFrom("guide_pages").select(["slug", "reviewed", "body", "updated_at"]).orderBy("position").execute();
    },

    async contentVersion(): Promise<number> {
      const row = await db.selectFrom("content_meta").select("value").where("key", "=", "version").executeTakeFirst();
      return row ? Number(row.value) : 0;
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
