// Finding an item by name in the workspace's lists as the site's search finds a place: each content document
// keeps the folded words of its names in every language (" تدمر palmyra palmyre 帕尔 "), and the words are
// kept under their one-letter-less keys in content_words, the vocabulary a misspelt word is corrected from.
// A place's governorate is kept too, to filter by, the day its status was last checked (what is overdue), and how many problems keep the draft from being published
// (null until the editing service has checked it: a draft equal to its published body has none, as publishing
// checked it whole), and which revision of the draft is on the site, so that "published" and "changed since"
// compare two numbers, not two bodies. The list index (016) is made again with them, so the list still reads
// the index alone.
import { type Kysely, sql } from "kysely";
import { eachDocument } from "./each-document.ts";
import { listedColumns, namesOf } from "../repositories/document-columns.ts";
import { vocabularyRepository } from "../repositories/vocabulary.ts";
import { LIST_INDEX_COLUMNS } from "./016-document-list-index.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("content_documents")
    .addColumn("names", "text", (c) => c.notNull().defaultTo(" "))
    .execute();
  await db.schema.alterTable("content_documents").addColumn("governorate", "text").execute();
  await db.schema.alterTable("content_documents").addColumn("verified", "text").execute();
  await db.schema.alterTable("content_documents").addColumn("problems", "integer").execute();
  await db.schema.alterTable("content_documents").addColumn("published_revision", "integer").execute();
  await db
    .updateTable("content_documents")
    .set((eb) => ({ published_revision: eb.case().when("published", "=", eb.ref("draft")).then(eb.ref("revision")).else(0).end() }))
    .where("published", "is not", null)
    .execute();
  await db.updateTable("content_documents").set({ problems: 0 }).whereRef("draft", "=", "published").execute();
  await db.schema
    .createTable("content_words")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("word", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_words_pk", ["key", "word"])
    .execute();
  const vocabulary = vocabularyRepository(db);
  await eachDocument(db, async (r) => {
    const draft = JSON.parse(r.draft);
    const { names, governorate, verified } = listedColumns(draft, r.slug);
    await db.updateTable("content_documents").set({ names, governorate, verified }).where("id", "=", r.id).execute();
    await vocabulary.remember(namesOf(draft, r.slug));
  });
  await db.schema.dropIndex("content_documents_list_idx").execute();
  await db.schema
    .createIndex("content_documents_list_idx")
    .on("content_documents")
    .columns([...LIST_INDEX_COLUMNS, "governorate", "problems", "published_revision", "revision", "verified", "names"])
    .execute();
  // The drafts whose problems are still to be checked (editing.checkUnchecked, every 10 s): found by a partial
  // index of those few, never by reading every row.
  await db.schema
    .createIndex("content_documents_unchecked_idx")
    .on("content_documents")
    .column("id")
    .where(sql.ref("problems"), "is", null)
    .execute();
  // The dashboard's facts to check again, across the kinds of place, oldest first.
  await db.schema.createIndex("content_documents_verified_idx").on("content_documents").columns(["verified", "type"]).execute();
}
