// Statistics without tracking (decision 033): counts per day, never a visitor. A row is how many page views a
// path had in a language (answered from the cache or rendered), how many calls an API endpoint had, or how many
// visits came from a referring site's host; and, apart, the normalised text of searches that found nothing,
// kept past their day only when searched at least five times that day. No address, browser or identifier.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("visit_counts")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("visit_counts_pk", ["day", "kind", "key", "language", "source"])
    .execute();
  await db.schema
    .createTable("unanswered_searches")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("unanswered_searches_pk", ["day", "text"])
    .execute();
}
