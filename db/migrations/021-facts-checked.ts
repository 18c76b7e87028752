// The days a place's practical facts and its safety note were last checked, kept beside each document as its
// status's is (migration 017), each with an index: the dashboard finds those past their review date without
// reading a body (decision 029). The places already there get theirs from their drafts.
import type { Kysely } from "kysely";
import { eachDocument } from "./each-document.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("content_documents").addColumn("practical_checked", "text").execute();
  await db.schema.alterTable("content_documents").addColumn("safety_checked", "text").execute();
  await eachDocument(db, async (r) => {
    const draft = JSON.parse(r.draft) as { practical?: { checked?: unknown }; safetyChecked?: unknown } | null;
    const practical = draft?.practical?.checked;
    const safety = draft?.safetyChecked;
    if (typeof practical !== "string" && typeof safety !== "string") return;
    await db
      .updateTable("content_documents")
      .set({
        practical_checked: typeof practical === "string" ? practical : null,
        safety_checked: typeof safety === "string" ? safety : null,
      })
      .where("id", "=", r.id)
      .execute();
  });
  await db.schema
    .createIndex("content_documents_practical_checked_idx")
    .on("content_documents")
    .columns(["practical_checked", "type"])
    .execute();
  await db.schema.createIndex("content_documents_safety_checked_idx").on("content_documents").columns(["safety_checked", "type"]).execute();
}
