// Each content document's city and category (a place's, an experience's city), kept beside its body like its
// title (migration 008), so the workspace's list of tens of thousands of places filters by them through an
// index instead of parsing every body. Existing rows are given theirs in batches.
import type { Kysely } from "kysely";
import { eachDocument } from "./each-document.ts";
import { listedColumns } from "../repositories/document-columns.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("content_documents").addColumn("city", "text").execute();
  await db.schema.alterTable("content_documents").addColumn("category", "text").execute();
  await eachDocument(db, async (r) => {
    const { city, category } = listedColumns(JSON.parse(r.draft), r.slug);
    if (city || category) await db.updateTable("content_documents").set({ city, category }).where("id", "=", r.id).execute();
  });
  await db.schema.createIndex("content_documents_type_city_idx").on("content_documents").columns(["type", "city"]).execute();
  await db.schema.createIndex("content_documents_type_category_idx").on("content_documents").columns(["type", "category"]).execute();
}
