// A place's surroundings map draws the dozen most popular places within a window around it (and the country
// map the most popular of the site). With no index in that order, every place in the window's latitudes and
// longitudes was read and sorted: on SQLite, 370 ms for a place page in Damascus at 50,000 places, on every
// place page not yet cached. Read off this index, most popular first, the first places inside the window end
// the read; its coordinates let a place outside be passed over without reading its row.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("places_popularity_order").on("places").columns(["popularity desc", "id", "lat", "lng"]).execute();
}
