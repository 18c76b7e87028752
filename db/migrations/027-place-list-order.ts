// A list of places comes most popular first (then by id), a page at a time: a category's places (the home
// page's culture section, the culture page, the API's lists) and a city's places of one category (a city's
// page, the app's city lists). The indexes of migration 011 put the kind between the category (or city) and
// the popularity, so these lists read every place of the category and sorted them: 28 ms for the home page's
// twelve culture places at 50,000 places, on every rendering after a publish. In the lists' own order, a page
// is read off the index. A service type's providers in a city come the same way. The index by category and
// city of migration 001 is the start of the new one by category, city and popularity, and goes.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("places_category_order").on("places").columns(["category_id", "popularity desc", "id"]).execute();
  await db.schema
    .createIndex("places_category_city_order")
    .on("places")
    .columns(["category_id", "city_id", "popularity desc", "id"])
    .execute();
  await db.schema
    .createIndex("places_service_city_order")
    .on("places")
    .columns(["service_type_id", "city_id", "popularity desc", "id"])
    .execute();
  await db.schema.dropIndex("places_category_city").execute();
}
