// The home page's featured places (and the API's featured list) asked for the few featured places by reading
// every place's English texts: half a second at 50,000 places, on every rendering of the home page after a
// publish. Indexed by featured and popularity, the few are found and come in order.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("places_featured_popularity").on("places").columns(["featured", "popularity"]).execute();
}
