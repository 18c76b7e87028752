// An item's page lists its last fifty versions, each with the fields it changed from the one before. They were
// found by reading all fifty-one bodies and comparing them, at every opening of the edit page and again after
// every save (its answer is the page): at 50,000 places, a sixth of the server's time in an editor's open, save
// and publish. The paths are now kept with the version when it is published. A version kept before this
// migration, or whose predecessor was thinned away, has none (null), and is compared as before.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("content_versions").addColumn("changed", "text").execute();
}
