// The contact inbox: each message gets the state an editor gives it (new, read, answered, spam), and an index
// by arrival for the newest-first list and the retention period's deletions.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_messages")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .execute();
  await db.schema.createIndex("contact_messages_created_at_idx").on("contact_messages").column("created_at").execute();
}
