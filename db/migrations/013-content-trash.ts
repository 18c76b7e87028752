// Deleted content items: moved here whole from content_documents, so every query of the live documents (lists,
// publishing, schedules, references) goes on without them, and kept for 30 days to be restored, then purged.
import type { Kysely } from "kysely";

type Dialect = "sqlite" | "postgres";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("content_trash")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("draft", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("translated_from", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text", (c) => c.notNull())
    .addColumn("deleted_by", "text")
    .execute();
  await db.schema.createIndex("content_trash_deleted_at_idx").on("content_trash").column("deleted_at").execute();
}
