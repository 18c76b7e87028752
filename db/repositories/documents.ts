// The workspace's content documents (db/migrations/003-content-documents.ts): drafts, published bodies,
// revisions and schedules. Bodies travel as JSON text so both engines store them alike.
import { sql } from "kysely";
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";
import { documentLists } from "./document-lists.ts";
import { documentLoads } from "./document-loads.ts";
import { type DocumentRow, fromRow } from "./document-rows.ts";
import { documentWrites } from "./document-writes.ts";
import { vocabularyRepository } from "./vocabulary.ts";

export type { DocumentRow, WaitingReview } from "./document-rows.ts";
export type { DocumentSummary } from "./document-lists.ts";

export function documentsRepository(db: Db) {
  const vocabulary = vocabularyRepository(db);
  return {
    ...documentLists(db),
    ...documentWrites(db, vocabulary),
    ...documentLoads(db, vocabulary),
    async count(): Promise<number> {
      const r = await db
        .selectFrom("content_documents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async list(type?: string): Promise<DocumentRow[]> {
      let q = db.selectFrom("content_documents").selectAll();
      if (type) q = q.where("type", "=", type);
      return (await q.orderBy("type").orderBy("position").orderBy("slug").execute()).map(fromRow);
    },
    async get(type: string, slug: string): Promise<DocumentRow | undefined> {
      const r = await db.selectFrom("content_documents").selectAll().where("type", "=", type).where("slug", "=", slug).executeTakeFirst();
      return r && fromRow(r);
    },
    /**
     * The items of these types whose draft or published body holds `value` as a whole JSON string: every item
     * that may name it (the caller reads which really do). A scan of those types' bodies, for a delete.
     */
    async mentioning(value: string, types: readonly string[]): Promise<DocumentRow[]> {
      if (types.length === 0) return [];
      const pattern = `%${JSON.stringify(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const like = sql<string>`${pattern} escape '\\'`;
      const rows = await db
        .selectFrom("content_documents")
        .selectAll()
        .where("type", "in", types)
        .where((eb) => eb.or([eb("draft", "like", like), eb("published", "like", like)]))
        .execute();
      return rows.map(fromRow);
    },
    /** The documents of one type with these slugs (read in batches), by slug. */
    async getMany(type: string, slugs: string[]): Promise<Map<string, DocumentRow>> {
      const out = new Map<string, DocumentRow>();
      for (const batch of inBatches(slugs))
        for (const r of await db.selectFrom("content_documents").selectAll().where("type", "=", type).where("slug", "in", batch).execute())
          out.set(r.slug, fromRow(r));
      return out;
    },
    /** Scheduled publications that are due. */
    async due(now: string): Promise<DocumentRow[]> {
      return (
        await db.selectFrom("content_documents").selectAll().where("publish_at", "is not", null).where("publish_at", "<=", now).execute()
      ).map(fromRow);
    },
    /** Drafts whose problems are not known yet (saved without them, or from before migration 017), a few at a time. */
    async unchecked(limit: number): Promise<DocumentRow[]> {
      const rows = await db.selectFrom("content_documents").selectAll().where("problems", "is", null).orderBy("id").limit(limit).execute();
      return rows.map(fromRow);
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;

/** Publishing on PostgreSQL takes a lock for its transaction, so two instances never interleave two publications. */
export async function lockPublishing(db: Db, engine: "sqlite" | "postgres"): Promise<void> {
  if (engine === "postgres") await sql`select pg_advisory_xact_lock(7226002)`.execute(db);
}
