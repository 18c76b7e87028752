// Each content document's title (its English name, title or caption), kept beside its body so that the
// workspace's lists and forms read a few columns per item instead of parsing every body: at tens of thousands
// of places, parsing them all for one page would fill the server's memory. Existing rows are given theirs in
// batches, so the migration itself never holds every body at once.
import type { Kysely } from "kysely";
import { eachDocument } from "./each-document.ts";
import { titleOf } from "../repositories/document-columns.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("content_documents")
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await eachDocument(db, async (r) => {
    await db
      .updateTable("content_documents")
      .set({ title: titleOf(JSON.parse(r.draft), r.slug) })
      .where("id", "=", r.id)
      .execute();
  });
}
