// The link checker's tables (decision 030): what it found at each external link of the published content, where
// each link is used, its runs, and the leases that let one instance at a time do work meant to be done once.
import type { Kysely } from "kysely";

type Dialect = "sqlite" | "postgres";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("link_checks")
    .addColumn("url", "text", (c) => c.primaryKey())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("status", "integer")
    .addColumn("final_url", "text")
    .addColumn("redirects", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checked_at", "text", (c) => c.notNull())
    .addColumn("false_positive_by", "text")
    .addColumn("false_positive_at", "text")
    .execute();
  await db.schema
    .createTable("link_uses")
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("item", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("link_uses_pk", ["url", "item", "field"])
    .execute();
  await db.schema
    .createTable("link_check_runs")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("started_by", "text")
    .addColumn("links", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
