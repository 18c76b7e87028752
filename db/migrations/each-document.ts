// What a migration that adds a column kept beside each content document's body does for the rows already
// there: reads them in batches by id (never every body at once) and gives each its value.
import type { Kysely } from "kysely";

const BATCH = 500;

export type DocumentRowText = { id: number; slug: string; draft: string; translated_from: string };

export async function eachDocument(db: Kysely<any>, update: (row: DocumentRowText) => Promise<void>): Promise<void> {
  for (let after = 0; ; ) {
    const rows: DocumentRowText[] = await db
      .selectFrom("content_documents")
      .select(["id", "slug", "draft", "translated_from"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) await update(r);
    after = rows[rows.length - 1]!.id;
  }
}
