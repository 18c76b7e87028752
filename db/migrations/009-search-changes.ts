// Which places each content version changed, for the search index: an instance's index follows a publish by
// reading only the places it changed (domain/search/service.ts), instead of rebuilding from every place. A row
// without a place says that everything may have changed (a whole-site load): the index is then rebuilt.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>, dialect: "sqlite" | "postgres"): Promise<void> {
  await db.schema
    .createTable("search_changes")
    .addColumn("version", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .addColumn("place_id", "integer")
    .execute();
  await db.schema.createIndex("search_changes_version").on("search_changes").column("version").execute();
}
