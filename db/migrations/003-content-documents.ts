// The workspace's content: one document per item (a place, a city, the settings...), in the shape of its
// content/ YAML and checked by the same zod schemas. The draft is what editors change; the published body is
// what the public tables are made from (domain/content/publishing.ts). `revision` guards against two editors
// overwriting each other; `translated_from` keeps, per field and language, a hash of the English text the
// translation was made from, which tells a translation that is done from one that is outdated.
import type { Kysely } from "kysely";

type Dialect = "sqlite" | "postgres";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("content_documents")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("draft", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("published", "text")
    .addColumn("published_at", "text")
    .addColumn("publish_at", "text")
    .addColumn("translated_from", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addUniqueConstraint("content_documents_type_slug", ["type", "slug"])
    .execute();
  await db.schema.createIndex("content_documents_publish_at_idx").on("content_documents").column("publish_at").execute();
}
