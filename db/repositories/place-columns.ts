// What a read of places selects: a place with its texts in a language, the columns of its summary (what an
// answer of the API shows, with its cover) and its whole row. The lists and reads are content.ts's.
import { type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../engine.ts";
import { tr } from "./translations.ts";

/** Places with their texts, in a language with English where it has none. */
export function placesWithTexts(db: Db, language: string) {
  return db
    .selectFrom("places as p")
    .innerJoin("place_translations as te", (j) => j.onRef("te.place_id", "=", "p.id").on("te.language", "=", "en"))
    .leftJoin("place_translations as tl", (j) => j.onRef("tl.place_id", "=", "p.id").on("tl.language", "=", language));
}

/** A query over the places with their texts that selects `O`. */
export type PlaceQuery<O> =
  ReturnType<typeof placesWithTexts> extends SelectQueryBuilder<infer DB, infer TB, infer _> ? SelectQueryBuilder<DB, TB, O> : never;

// The city's and the category's names are read by subqueries, not joins: with them joined, PostgreSQL
// weighed every order of eight tables for each list or search answer, and planning took 20 to 25 ms at
// 50,000 places for a query that runs in 2 (decision 023). A subquery is planned on its own, as a lookup.
// Its `te` and `tl` are the city's (or category's) translations, hiding the place's of the outer query.
const nameOf = (translations: "city_translations" | "category_translations", key: "city_id" | "category_id", language: string) =>
  sql<string>`(select ${tr("name")} from ${sql.table(translations)} as te left join ${sql.table(translations)} as tl on ${sql.ref(`tl.${key}`)} = ${sql.ref(`te.${key}`)} and tl.language = ${language} where ${sql.ref(`te.${key}`)} = ${sql.ref(`p.${key}`)} and te.language = 'en')`;
export const cityName = (language: string) => nameOf("city_translations", "city_id", language);
const categoryName = (language: string) => nameOf("category_translations", "category_id", language);

const categoryKind = sql<number>`(select c.kind from categories as c where c.id = p.category_id)`;

/** A place's columns that an answer of the API shows (the rest of a place's row is read by `wholePlaces`). */
function summaryColumns(db: Db, language: string) {
  return placesWithTexts(db, language).select([
    "p.id",
    "p.category_id",
    categoryKind.as("category_kind"),
    "p.city_id",
    "p.service_type_id",
    "p.star",
    "p.lat",
    "p.lng",
    "p.governorate",
    "p.facts",
    "p.created_at",
    "p.updated_at",
    tr("name").as("name"),
    tr("summary").as("summary"),
    tr("address").as("address"),
  ]);
}

export function wholePlaces(db: Db, language: string) {
  return summaryColumns(db, language).select([
    "p.slug",
    "p.kind",
    "p.featured",
    "p.unesco",
    "p.wikidata",
    "p.popularity",
    tr("information").as("information"),
    tr("aliases").as("aliases"),
    cityName(language).as("city_name"),
    categoryName(language).as("category_name"),
  ]);
}

/**
 * What an answer of the API shows of a place. Its cover is read here, as a lookup per place on the media's
 * index, rather than by a second query: a search on PostgreSQL made three round trips (the places, their
 * covers, the services'), and the long texts and the names it did not show were most of what it read and
 * parsed (decision 023).
 */
export function placeSummaries(db: Db, language: string) {
  return summaryColumns(db, language).select(
    sql<
      string | null
    >`(select m.src from media as m where m.owner_type = 'place' and m.owner_id = p.id and m.kind = 'image' order by m.position limit 1)`.as(
      "cover_src",
    ),
  );
}
