// A national site's items outnumber the values one statement may bind (SQLite 32,766, PostgreSQL 65,535):
// the loader's deletions and a load's unpublishing take them in batches, on both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase } from "../setup/test-app.ts";
import { migrate } from "../../db/migrate.ts";
import { inBatches } from "../../db/repositories/batches.ts";
import { contentWriter } from "../../db/repositories/content-writer.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";

const MANY = 70_000;

describe.each(ENGINES)("many items on %s", (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const slugs = Array.from({ length: MANY }, (_, i) => `item-${i}`);
  beforeAll(async () => {
    database = await freshDatabase(engine);
    await migrate(database);
    const at = new Date().toISOString();
    for (const batch of inBatches(slugs)) {
      await database.db
        .insertInto("gallery_items")
        .values(batch.map((slug, position) => ({ slug, position, updated_at: at })) as never)
        .execute();
      await database.db
        .insertInto("content_documents")
        .values(
          batch.map((slug) => ({
            type: "gallery",
            slug,
            position: 0,
            draft: "{}",
            revision: 1,
            published: "{}",
            published_at: at,
            translated_from: "{}",
            updated_at: at,
          })) as never,
        )
        .execute();
    }
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it("deletes the items a load no longer has while keeping more than a statement could name", async () => {
    const deleted = await database.db.transaction().execute((trx) => contentWriter(trx).deleteMissing("gallery_items", slugs.slice(2)));
    expect(deleted).toBe(2);
    const left = await database.db
      .selectFrom("gallery_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(MANY - 2);
  });

  it("takes off the site every item a load lacks, however many there are", async () => {
    const unpublished = await documentsRepository(database.db).unpublishOthers([{ type: "gallery", slug: "item-0" }]);
    expect(unpublished).toBe(MANY - 1);
  });
});
