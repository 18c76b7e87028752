// A city's and a category's pictures show their most popular place, which a place's publish asks for again
// (place-publishing.ts, contentWriter.topPlace). Without these, the question reads every place of the city or
// category: thousands at national scale, on every publish.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("places_city_popularity").on("places").columns(["city_id", "kind", "popularity"]).execute();
  await db.schema.createIndex("places_category_popularity").on("places").columns(["category_id", "kind", "popularity"]).execute();
}
