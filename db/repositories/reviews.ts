// The two-person rule's records (migration 022, decision 031): the change waiting on each document, the notes
// written on an item, and the private links an outside reviewer is sent (kept by their token's hash).
import type { Selectable } from "kysely";
import type { Db } from "../engine.ts";
import type { Database } from "../schema.ts";

const NOTE_KINDS = ["submitted", "returned", "approved", "comment"] as const;
type NoteKind = (typeof NOTE_KINDS)[number];
export type ReviewNote = { id: number; revision: number; kind: NoteKind; author: string; at: string; body: string };
export type ReviewLink = {
  id: string;
  type: string;
  slug: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
};
export type WaitingItem = { type: string; slug: string; title: string; revision: number; by: string; for: string | null; at: string };

type Key = { type: string; slug: string };

const linkOf = (r: Selectable<Database["review_links"]>): ReviewLink => ({
  id: r.token_hash,
  type: r.type,
  slug: r.slug,
  createdBy: r.created_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
});

export function reviewsRepository(db: Db) {
  return {
    /** Marks the revision as waiting for review; false when the draft has changed since the editor saw it. */
    async submit(key: Key & { revision: number }, by: string, reviewer: string | null, at: string): Promise<boolean> {
      const r = await db
        .updateTable("content_documents")
        .set({ review_revision: key.revision, review_by: by, review_for: reviewer, review_at: at })
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revision", "=", key.revision)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Settles the waiting change (sent back); false when no change of this revision was waiting any more. */
    async settle(key: Key & { revision: number }): Promise<boolean> {
      const r = await db
        .updateTable("content_documents")
        .set({ review_revision: null, review_by: null, review_for: null, review_at: null })
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("review_revision", "=", key.revision)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** The changes waiting for review, the longest waiting first, at most `limit`, and how many there are. */
    async waiting(limit: number): Promise<{ items: WaitingItem[]; total: number }> {
      const waiting = db.selectFrom("content_documents").where("review_at", "is not", null);
      const [rows, count] = await Promise.all([
        waiting
          .select(["type", "slug", "title", "review_revision", "review_by", "review_for", "review_at"])
          .orderBy("review_at")
          .orderBy("slug")
          .limit(limit)
          .execute(),
        waiting.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({
          type: r.type,
          slug: r.slug,
          title: r.title || r.slug,
          revision: Number(r.review_revision),
          by: r.review_by ?? "",
          for: r.review_for,
          at: r.review_at ?? "",
        })),
        total: Number(count.n),
      };
    },
    async addNote(key: Key, note: Omit<ReviewNote, "id">): Promise<void> {
      await db
        .insertInto("review_notes")
        .values({ type: key.type, slug: key.slug, ...note })
        .execute();
    },
    /** What was said of an item, the oldest first (the last `limit`). */
    async notes(key: Key, limit: number): Promise<ReviewNote[]> {
      const rows = await db
        .selectFrom("review_notes")
        .selectAll()
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.reverse().map((r) => ({
        id: Number(r.id),
        revision: Number(r.revision),
        kind: r.kind as NoteKind,
        author: r.author,
        at: r.at,
        body: r.body,
      }));
    },
    async addLink(link: Omit<ReviewLink, "revokedAt">): Promise<void> {
      await db
        .insertInto("review_links")
        .values({
          token_hash: link.id,
          type: link.type,
          slug: link.slug,
          created_by: link.createdBy,
          created_at: link.createdAt,
          expires_at: link.expiresAt,
        })
        .execute();
    },
    async link(id: string): Promise<ReviewLink | undefined> {
      const r = await db.selectFrom("review_links").selectAll().where("token_hash", "=", id).executeTakeFirst();
      return r && linkOf(r);
    },
    /** An item's links still open at `now`, the newest first. */
    async openLinks(key: Key, now: string): Promise<ReviewLink[]> {
      const rows = await db
        .selectFrom("review_links")
        .selectAll()
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .orderBy("created_at", "desc")
        .execute();
      return rows.map(linkOf);
    },
    /** Closes one of an item's links; false when it is not one of its open links. */
    async revoke(key: Key, id: string, at: string): Promise<boolean> {
      const r = await db
        .updateTable("review_links")
        .set({ revoked_at: at })
        .where("token_hash", "=", id)
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
