// What a browser test reads from the running server's own database (its SQLite file): the ids the public
// addresses of a place are made of.
import { inject } from "vitest";
import { openDatabase } from "../../db/engine.ts";

export async function placeIds(slug: string) {
  const handle = openDatabase({ sqlitePath: inject("sqlitePath") });
  try {
    return await handle.db.selectFrom("places").select(["id", "city_id", "category_id"]).where("slug", "=", slug).executeTakeFirstOrThrow();
  } finally {
    await handle.close();
  }
}
