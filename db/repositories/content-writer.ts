// Writes published content (used only by the content loader). Entities are matched by slug so ids stay stable.
import type { Generated, Kysely } from "kysely";
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";

type Tx = Db;
export type Translations<F extends string> = Record<string, Record<F, string>>;
export type MediaInput = {
  kind: string;
  src: string;
  width: number | null;
  height: number | null;
  details: unknown;
  text?: Translations<"title" | "description">;
};

/** An entity's row as the loader writes it: its table's columns by name, with when it changed. */
export type EntityWrite = Record<string, unknown> & { slug: string; updated_at: string };
type EntityTable = "categories" | "cities" | "service_types" | "places" | "gallery_items" | "experiences";
const TRANSLATIONS = {
  categories: ["category_translations", "category_id"],
  cities: ["city_translations", "city_id"],
  service_types: ["service_type_translations", "service_type_id"],
  places: ["place_translations", "place_id"],
  gallery_items: ["gallery_item_translations", "gallery_item_id"],
  experiences: ["experience_translations", "experience_id"],
} as const;
type TranslationTable = (typeof TRANSLATIONS)[EntityTable][0];
/**
 * The entity tables seen through the columns they all have, and their translation tables through columns named
 * at run time: Kysely types a statement for one table it knows, and these statements name any of them. The
 * rows written are each table's own (upsertEntity's `row` is typed by its table).
 */
type EntityColumns = { id: Generated<number>; slug: string; position: number; updated_at: string };
type AnyEntity = Kysely<Record<EntityTable, EntityColumns> & Record<TranslationTable, Record<string, string | number>>>;

/** The owner_type a media row uses for each entity table. */
const OWNER_TYPE: Record<EntityTable, string> = {
  categories: "category",
  cities: "city",
  service_types: "service_type",
  places: "place",
  gallery_items: "gallery",
  experiences: "experience",
};

/** How many content versions' changes the search index may catch up on before it is rebuilt whole. */
const KEPT_SEARCH_VERSIONS = 1000;

export function contentWriter(tx: Tx) {
  const entities = tx as unknown as AnyEntity;
  return {
    async upsertLanguages(rows: Array<{ id: number; code: string; name: string }>) {
      for (const [position, l] of rows.entries()) {
        await tx
          .insertInto("languages")
          .values({ ...l, position })
          .onConflict((oc) => oc.column("id").doUpdateSet({ code: l.code, name: l.name, position }))
          .execute();
      }
    },

    async hashOf(key: string): Promise<string | undefined> {
      return (await tx.selectFrom("content_meta").select("value").where("key", "=", key).executeTakeFirst())?.value;
    },
    async setMeta(key: string, value: string) {
      await tx
        .insertInto("content_meta")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    },

    /** The id of an entity by its slug, if it is stored. */
    async idBySlug(table: EntityTable, slug: string): Promise<number | undefined> {
      return (await entities.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirst())?.id;
    },

    /** Inserts or updates one entity by slug, replaces its translations and media; returns its id. */
    async upsertEntity(table: EntityTable, row: EntityWrite, translations: Translations<string>, media: MediaInput[]): Promise<number> {
      // The row's other columns are its table's, as the loader made them from the checked content file; the
      // statements see it through the columns every entity table has.
      const written = row as Omit<EntityColumns, "id">;
      const existing = await entities.selectFrom(table).select("id").where("slug", "=", row.slug).executeTakeFirst();
      let id: number;
      if (existing) {
        id = existing.id;
        await entities.updateTable(table).set(written).where("id", "=", id).execute();
      } else {
        id = (await entities.insertInto(table).values(written).returning("id").executeTakeFirstOrThrow()).id;
      }
      const [tTable, fk] = TRANSLATIONS[table];
      await entities.deleteFrom(tTable).where(fk, "=", id).execute();
      const tRows = Object.entries(translations).map(([language, fields]) => ({ [fk]: id, language, ...fields }));
      if (tRows.length) await entities.insertInto(tTable).values(tRows).execute();
      await this.replaceMedia(OWNER_TYPE[table], id, media, row.updated_at);
      return id;
    },

    async replaceMedia(ownerType: string, ownerId: number, media: MediaInput[], updatedAt: string) {
      await tx.deleteFrom("media").where("owner_type", "=", ownerType).where("owner_id", "=", ownerId).execute();
      const positions = new Map<string, number>();
      for (const m of media) {
        const position = positions.get(m.kind) ?? 0;
        positions.set(m.kind, position + 1);
        const { id } = await tx
          .insertInto("media")
          .values({
            owner_type: ownerType,
            owner_id: ownerId,
            kind: m.kind,
            position,
            src: m.src,
            width: m.width,
            height: m.height,
            details: JSON.stringify(m.details ?? {}),
            updated_at: updatedAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const rows = Object.entries(m.text ?? {}).map(([language, t]) => ({ media_id: id, language, ...t }));
        if (rows.length) await tx.insertInto("media_translations").values(rows).execute();
      }
    },

    /**
     * Notes for the search index what a new content version changed: these places (their ids), or, with
     * null, any place. Versions long past are forgotten: an index that far behind is rebuilt anyway.
     */
    async noteSearchChange(version: number, placeIds: number[] | null) {
      const rows: Array<{ version: number; place_id: number | null }> =
        placeIds === null ? [{ version, place_id: null }] : placeIds.map((place_id) => ({ version, place_id }));
      for (const batch of inBatches(rows)) await tx.insertInto("search_changes").values(batch).execute();
      await tx
        .deleteFrom("search_changes")
        .where("version", "<", version - KEPT_SEARCH_VERSIONS)
        .execute();
    },

    /** The languages' codes in their order (what an entity's texts are written in). */
    async languageCodes(): Promise<string[]> {
      return (await tx.selectFrom("languages").select("code").orderBy("position").execute()).map((r) => r.code);
    },

    /** An entity's id and position by its slug, if it is stored. */
    async placing(table: EntityTable, slug: string): Promise<{ id: number; position: number } | undefined> {
      return entities.selectFrom(table).select(["id", "position"]).where("slug", "=", slug).executeTakeFirst();
    },

    /**
     * The most popular place of a city or a category (of the given kinds), in the order the load writes them
     * (kind, then slug as file names sort): what the city's or category's picture shows. Indexed by city and by
     * category; the places tied at the top are few, and put in order here, whatever the database's collation.
     */
    async topPlace(
      by: { city_id: number } | { category_id: number },
      kinds: string[],
    ): Promise<{ slug: string; kind: string } | undefined> {
      const [column, id] = Object.entries(by)[0] as ["city_id" | "category_id", number];
      const of = () => tx.selectFrom("places").where(column, "=", id).where("kind", "in", kinds);
      const top = await of()
        .select((eb) => eb.fn.max("popularity").as("p"))
        .executeTakeFirst();
      if (top?.p === null || top?.p === undefined) return undefined;
      const tied = await of().select(["slug", "kind", "position"]).where("popularity", "=", Number(top.p)).execute();
      return tied.sort((a, b) => a.position - b.position || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))[0];
    },

    /** The city and category a stored place belongs to. */
    async placeOwners(placeId: number): Promise<{ city_id: number; category_id: number } | undefined> {
      return tx.selectFrom("places").select(["city_id", "category_id"]).where("id", "=", placeId).executeTakeFirst();
    },

    /** The public places that name a city, a category or a service type: what a change to it may break. */
    async placesNaming(
      column: "city_id" | "category_id" | "service_type_id",
      id: number,
    ): Promise<Array<{ slug: string; kind: string; lat: number; lng: number }>> {
      return tx.selectFrom("places").select(["slug", "kind", "lat", "lng"]).where(column, "=", id).orderBy("slug").execute();
    },

    /** The public places with a picture of this address (a library photograph's), by id. */
    async placesShowing(src: string): Promise<Array<{ id: number; slug: string; kind: string }>> {
      return tx
        .selectFrom("media")
        .innerJoin("places", "places.id", "media.owner_id")
        .select(["places.id", "places.slug", "places.kind"])
        .distinct()
        .where("media.src", "=", src)
        .where("media.owner_type", "=", OWNER_TYPE.places)
        .orderBy("places.slug")
        .execute();
    },

    /** A stored city's or category's slug and position, by its id. */
    async slugOf(table: "cities" | "categories", id: number): Promise<{ slug: string; position: number } | undefined> {
      return entities.selectFrom(table).select(["slug", "position"]).where("id", "=", id).executeTakeFirst();
    },

    /** Removes one entity, its media and what its translations hang on; answers whether it was there. */
    async deleteEntity(table: EntityTable, slug: string): Promise<boolean> {
      const row = await this.placing(table, slug);
      if (!row) return false;
      await tx.deleteFrom("media").where("owner_type", "=", OWNER_TYPE[table]).where("owner_id", "=", row.id).execute();
      await entities.deleteFrom(table).where("id", "=", row.id).execute();
      await tx.deleteFrom("content_meta").where("key", "=", `hash:${table}:${slug}`).execute();
      return true;
    },

    /**
     * Removes entities whose slug is no longer in the content files. The stored slugs are compared here, and
     * what is gone deleted in batches: a statement never binds one parameter per item (SQLite allows 32,766
     * and PostgreSQL 65,535 in all, fewer than a national site's places).
     */
    async deleteMissing(table: EntityTable, keep: string[]) {
      const kept = new Set(keep);
      const stored = await entities.selectFrom(table).select(["id", "slug"]).execute();
      const gone = stored.filter((r) => !kept.has(r.slug)).map((r) => r.id);
      for (const ids of inBatches(gone)) {
        await tx.deleteFrom("media").where("owner_type", "=", OWNER_TYPE[table]).where("owner_id", "in", ids).execute();
        if (table === "cities") await tx.updateTable("experiences").set({ city_id: null }).where("city_id", "in", ids).execute();
        await entities.deleteFrom(table).where("id", "in", ids).execute();
      }
      return gone.length;
    },

    async replaceSettings(settings: Record<string, unknown>) {
      await tx.deleteFrom("settings").execute();
      const rows = Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
      if (rows.length) await tx.insertInto("settings").values(rows).execute();
    },

    /** The trip-planning guide, every page rewritten (the loader calls this only when one changed). */
    async replaceGuide(pages: Array<{ slug: string; position: number; reviewed: string; body: unknown }>, stamp: string) {
      await tx.deleteFrom("guide_pages").execute();
      if (pages.length)
        await tx
          .insertInto("guide_pages")
          .values(
            pages.map((p) => ({
              slug: p.slug,
              position: p.position,
              reviewed: p.reviewed,
              body: JSON.stringify(p.body),
              updated_at: stamp,
            })),
          )
          .execute();
    },
  };
}
