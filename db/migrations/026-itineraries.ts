// Published itineraries (decision 037): one row per suggested route, its document as JSON. Its stops name
// places by slug, read with the places' own rows when a page asks, so a place's new name or status shows on
// every route through it without the route being written again.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("itineraries")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("position", "integer", (c) => c.notNull())
    /** JSON: the itinerary's document (domain/content/itinerary-schema.ts). */
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}
