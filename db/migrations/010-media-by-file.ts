// Which places show a library photograph: its media rows carry its file's address. Publishing a photograph's
// new caption or credit rewrites the places that show it, and taking it off is refused while any does; both
// find them by that address, which this index makes a lookup rather than a scan of every place's media.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("media_src").on("media").columns(["src", "owner_type"]).execute();
}
