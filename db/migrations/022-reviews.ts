// The two-person rule's records (decision 031): the change waiting for review is kept beside its document (the
// list filters by it as by any column), the notes written on an item (submitted, sent back, approved,
// commented) in a table of their own that nothing deletes, and the private links an outside reviewer is sent.
import type { Kysely } from "kysely";

type Dialect = "sqlite" | "postgres";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema.alterTable("content_documents").addColumn("review_revision", "integer").execute();
  await db.schema.alterTable("content_documents").addColumn("review_by", "text").execute();
  await db.schema.alterTable("content_documents").addColumn("review_for", "text").execute();
  await db.schema.alterTable("content_documents").addColumn("review_at", "text").execute();
  await db.schema.createIndex("content_documents_review_idx").on("content_documents").columns(["review_at", "type"]).execute();
  await db.schema
    .createTable("review_notes")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("review_notes_item_idx").on("review_notes").columns(["type", "slug", "id"]).execute();
  await db.schema
    .createTable("review_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("review_links_item_idx").on("review_links").columns(["type", "slug"]).execute();
}
