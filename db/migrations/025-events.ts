// Published events (decision 034): one row per event, its document as JSON, the city and place it names by id
// (so a city's and a place's pages find their next events by an index), and the number a calendar is told
// when the event changed (RFC 5545 SEQUENCE), raised by the writer each time its body changes.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("events")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("city_id", "integer", (c) => c.notNull())
    .addColumn("place_id", "integer")
    .addColumn("kind", "text", (c) => c.notNull())
    /** JSON: the event's document (domain/content/event-schema.ts). */
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    /** JSON: its photograph as a media row holds one (src, size, details, texts by language), or null. */
    .addColumn("picture", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_by_city").on("events").column("city_id").execute();
  await db.schema.createIndex("events_by_place").on("events").column("place_id").execute();
}
