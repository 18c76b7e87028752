// A place's Wikidata item (decision 032): its public page says `sameAs` it, and the open data gives it, so that
// map makers and Wikidata can join the two. Empty until someone sure of the id fills it.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("places").addColumn("wikidata", "text").execute();
}
