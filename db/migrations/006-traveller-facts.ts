// What a traveller needs beside a place's description: the governorate it lies in and its practical facts
// (status, last verified, hours, fees, getting there, safety...), and the trip-planning guide's pages.
// The facts are one JSON document per place, with every language's texts in it: they are read only with
// their place and never filtered on, and an unknown fact is simply absent from it.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("places")
    .addColumn("governorate", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("places")
    .addColumn("facts", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema
    .createTable("guide_pages")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("reviewed", "text", (c) => c.notNull())
    /** JSON: the page's translated title, summary, sections and sources. */
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}
