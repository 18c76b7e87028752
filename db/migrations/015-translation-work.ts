// Each content document's languages with a field still to translate and with a translation made from an older
// English, kept beside its body (",fr,es,"), so the translations table pages through tens of thousands of items
// by a column instead of reading every body. Existing rows are given theirs in batches.
import type { Kysely } from "kysely";
import { eachDocument } from "./each-document.ts";
import { listedColumns } from "../repositories/document-columns.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("content_documents")
    .addColumn("untranslated", "text", (c) => c.notNull().defaultTo(",,"))
    .execute();
  await db.schema
    .alterTable("content_documents")
    .addColumn("outdated", "text", (c) => c.notNull().defaultTo(",,"))
    .execute();
  await eachDocument(db, async (r) => {
    const { untranslated, outdated } = listedColumns(JSON.parse(r.draft), r.slug, JSON.parse(r.translated_from));
    await db.updateTable("content_documents").set({ untranslated, outdated }).where("id", "=", r.id).execute();
  });
}
