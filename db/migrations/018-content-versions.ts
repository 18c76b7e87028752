// Every version of an item the site has shown: written with each publish from the workspace, in its
// transaction, so an old one can be compared and brought back (decision 027). Kept two years whole, then one a
// month (versions.thin).
import type { Kysely } from "kysely";

type Dialect = "sqlite" | "postgres";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("content_versions")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("published_by", "text")
    .addUniqueConstraint("content_versions_item_version", ["type", "slug", "version"])
    .execute();
  await db.schema.createIndex("content_versions_published_at_idx").on("content_versions").column("published_at").execute();
}
