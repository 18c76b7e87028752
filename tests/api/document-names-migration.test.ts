// Migration 017 on a database that already holds content: each document is given the folded words of its names
// and its governorate, their words join the vocabulary, and the list index is made again with them, so an item
// saved before the migration is found by a misspelt name and filtered by governorate like one saved after; a
// published item unchanged since is known to have no problem.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase } from "../setup/test-app.ts";
import { migrate } from "../../db/migrate.ts";
import { up as documentNames } from "../../db/migrations/017-document-names.ts";
import { up as documentListIndex } from "../../db/migrations/016-document-list-index.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";
import { vocabularyRepository } from "../../db/repositories/vocabulary.ts";
import { nameQuery } from "../../domain/content/name-search.ts";

describe.each(ENGINES)("migration 017 on %s", (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    await migrate(database);
    const { db } = database;
    await documentsRepository(db).create(
      {
        type: "site",
        slug: "umayyad-mosque",
        position: 0,
        body: { name: { en: "Umayyad Mosque", ar: "الجامع الأموي" }, governorate: "damascus" },
        translatedFrom: {},
      },
      new Date().toISOString(),
      null,
      0,
    );
    await documentsRepository(db).put(
      {
        type: "site",
        slug: "straight-street",
        position: 1,
        body: { name: { en: "Straight Street" }, governorate: "damascus" },
        translatedFrom: {},
      },
      new Date().toISOString(),
    );
    // The database as 016 left it: no names, no governorate, no vocabulary.
    await db.schema.dropIndex("content_documents_list_idx").execute();
    await db.schema.dropIndex("content_documents_verified_idx").execute();
    await db.schema.dropIndex("content_documents_unchecked_idx").execute();
    await db.schema.alterTable("content_documents").dropColumn("verified").execute();
    await db.schema.alterTable("content_documents").dropColumn("names").execute();
    await db.schema.alterTable("content_documents").dropColumn("governorate").execute();
    await db.schema.alterTable("content_documents").dropColumn("problems").execute();
    await db.schema.alterTable("content_documents").dropColumn("published_revision").execute();
    await db.schema.dropTable("content_words").execute();
    await documentListIndex(db);
    await documentNames(db);
  });
  afterAll(() => database?.drop());

  it("gives existing documents their names, their governorate, their words and what is known of their problems", async () => {
    const documents = documentsRepository(database.db);
    const vocabulary = vocabularyRepository(database.db);
    const page = async (words: string, governorate?: string) =>
      (await documents.summaryPage("site", { names: await nameQuery(words, vocabulary), governorate, page: 1, perPage: 50 })).items.map(
        (i) => i.slug,
      );
    expect(await page("الجامغ")).toEqual(["umayyad-mosque"]);
    expect(await page("umayad mosqe")).toEqual(["umayyad-mosque"]);
    expect(await page("umayyad", "damascus")).toEqual(["umayyad-mosque"]);
    expect(await page("umayyad", "aleppo")).toEqual([]);
    // A published item unchanged since has no problem; a draft is left for the editing service to check.
    const all = await documents.summaryPage("site", { page: 1, perPage: 50 });
    expect(all.items.map((i) => [i.slug, i.problems, i.published, i.draftIsPublished])).toEqual([
      ["umayyad-mosque", null, false, false],
      ["straight-street", 0, true, true],
    ]);
  });
});
