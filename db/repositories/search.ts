// Reads what the search index is built from: every place's texts in every language, with its city and category names.
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";

export type SearchDocumentRow = {
  id: number;
  kind: string;
  category_id: number;
  city_id: number;
  service_type_id: number | null;
  star: number | null;
  popularity: number;
  language: string;
  name: string;
  aliases: string;
  summary: string;
  city_name: string;
  city_aliases: string;
  category_name: string;
  /** The kind of service a provider offers ("Hotels"), so "hotel damascus" finds hotels. */
  service_name: string;
};

/** What changed since a content version: every place (`all`), or these places' ids. */
type SearchChanges = { all: boolean; ids: number[] };

export function searchRepository(db: Db) {
  function documentsOf(ids: number[]): Promise<SearchDocumentRow[]> {
    return db
      .selectFrom("places as p")
      .innerJoin("place_translations as t", "t.place_id", "p.id")
      .leftJoin("city_translations as ct", (j) => j.onRef("ct.city_id", "=", "p.city_id").onRef("ct.language", "=", "t.language"))
      .leftJoin("category_translations as kt", (j) =>
        j.onRef("kt.category_id", "=", "p.category_id").onRef("kt.language", "=", "t.language"),
      )
      .leftJoin("service_type_translations as st", (j) =>
        j.onRef("st.service_type_id", "=", "p.service_type_id").onRef("st.language", "=", "t.language"),
      )
      .select([
        "p.id",
        "p.kind",
        "p.category_id",
        "p.city_id",
        "p.service_type_id",
        "p.star",
        "p.popularity",
        "t.language",
        "t.name",
        "t.aliases",
        "t.summary",
        (eb) => eb.fn.coalesce("ct.name", eb.val("")).as("city_name"),
        (eb) => eb.fn.coalesce("ct.aliases", eb.val("")).as("city_aliases"),
        (eb) => eb.fn.coalesce("kt.name", eb.val("")).as("category_name"),
        (eb) => eb.fn.coalesce("st.name", eb.val("")).as("service_name"),
      ])
      .where("p.id", "in", ids)
      .orderBy("p.id")
      .execute() as Promise<SearchDocumentRow[]>;
  }

  return {
    /** What the versions after `version` changed (migration 009); everything when they are no longer all kept. */
    async changesSince(version: number): Promise<SearchChanges> {
      const rows = await db.selectFrom("search_changes").select(["version", "place_id"]).where("version", ">", version).execute();
      // Every version notes its changes; when the next one's are not there (forgotten, or made before this
      // table), what changed is unknown: catch up whole.
      const gap = !rows.some((r) => Number(r.version) === version + 1);
      const all = gap || rows.some((r) => r.place_id === null);
      return { all, ids: all ? [] : [...new Set(rows.map((r) => Number(r.place_id)))] };
    },
    /** Every public place's id, in order: what a whole build reads, a batch at a time. */
    async placeIds(): Promise<number[]> {
      const rows = await db.selectFrom("places").select("id").orderBy("id").execute();
      return rows.map((r) => Number(r.id));
    },
    /** The search texts of `ids` (read in batches), one row per place and language. */
    async documents(ids: number[]): Promise<SearchDocumentRow[]> {
      const out: SearchDocumentRow[] = [];
      for (const batch of inBatches(ids)) out.push(...(await documentsOf(batch)));
      return out;
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
