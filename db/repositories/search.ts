// Reads what the search index is built from: every place's texts in every language, with its city and category names.
import type { Db } from "../engine.ts";

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

export function searchRepository(db: Db) {
  return {
    async documents(): Promise<SearchDocumentRow[]> {
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
        .orderBy("p.id")
        .execute() as Promise<SearchDocumentRow[]>;
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
