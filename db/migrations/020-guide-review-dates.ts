// A guide page's review date kept in the column a place's status check date is kept in (`verified`,
// migration 017), so the dashboard and the list find the guide's pages past their review date as they find the
// places' statuses, by an index, without reading a body (decision 029).
import type { Kysely } from "kysely";

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  for (let after = 0; ; ) {
    const rows: Array<{ id: number; draft: string }> = await db
      .selectFrom("content_documents")
      .select(["id", "draft"])
      .where("type", "=", "guide")
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const reviewed = (JSON.parse(r.draft) as { reviewed?: unknown } | null)?.reviewed;
      await db
        .updateTable("content_documents")
        .set({ verified: typeof reviewed === "string" ? reviewed : null })
        .where("id", "=", r.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
