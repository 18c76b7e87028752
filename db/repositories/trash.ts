// Deleted content items (db/migrations/013-content-trash.ts): moved out of content_documents in one
// transaction, listed newest first, taken back out to be restored, and purged once their 30 days are over.
import { z } from "zod";
import type { Db } from "../engine.ts";
import { titleOf } from "./document-columns.ts";

type TrashedItem = {
  id: number;
  type: string;
  slug: string;
  title: string;
  draft: unknown;
  revision: number;
  translatedFrom: Record<string, string>;
  deletedAt: string;
  deletedBy: string | null;
};

/** The `translated_from` column: per language, the English revision its text was translated from. */
const translatedFrom = z.record(z.string(), z.string());

export function trashRepository(db: Db) {
  return {
    /**
     * Moves the revision the editor saw, off the site, into the trash: its id, or null when it was changed or
     * published since (nothing is moved). Run it in a transaction: the copy and the delete go together.
     */
    async moveIn(key: { type: string; slug: string; revision: number }, at: string, by: string | null): Promise<number | null> {
      const doc = await db
        .selectFrom("content_documents")
        .select(["draft", "translated_from"])
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revision", "=", key.revision)
        .where("published", "is", null)
        .executeTakeFirst();
      if (!doc) return null;
      const row = await db
        .insertInto("content_trash")
        .values({
          type: key.type,
          slug: key.slug,
          title: titleOf(JSON.parse(doc.draft), key.slug),
          draft: doc.draft,
          revision: key.revision,
          translated_from: doc.translated_from,
          deleted_at: at,
          deleted_by: by,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.deleteFrom("content_documents").where("type", "=", key.type).where("slug", "=", key.slug).execute();
      return row.id;
    },

    /** One page of the trash, the last deleted first, and how many items it holds. */
    async page(page: number, perPage: number): Promise<{ items: Omit<TrashedItem, "draft" | "translatedFrom">[]; total: number }> {
      const items = await db
        .selectFrom("content_trash")
        .select(["id", "type", "slug", "title", "revision", "deleted_at", "deleted_by"])
        .orderBy("deleted_at", "desc")
        .orderBy("id", "desc")
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const { n } = await db
        .selectFrom("content_trash")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return {
        items: items.map((r) => ({
          id: r.id,
          type: r.type,
          slug: r.slug,
          title: r.title,
          revision: r.revision,
          deletedAt: r.deleted_at,
          deletedBy: r.deleted_by,
        })),
        total: Number(n),
      };
    },

    /** Takes an item out of the trash (to restore it): undefined when it is not there (restored or purged). */
    async takeOut(id: number): Promise<TrashedItem | undefined> {
      const r = await db.deleteFrom("content_trash").where("id", "=", id).returningAll().executeTakeFirst();
      if (!r) return undefined;
      return {
        id: r.id,
        type: r.type,
        slug: r.slug,
        title: r.title,
        draft: JSON.parse(r.draft),
        revision: r.revision,
        translatedFrom: translatedFrom.parse(JSON.parse(r.translated_from)),
        deletedAt: r.deleted_at,
        deletedBy: r.deleted_by,
      };
    },

    /** The items deleted before `before`: their 30 days are over. */
    async deletedBefore(before: string): Promise<Array<{ id: number; type: string; slug: string; deletedAt: string }>> {
      const rows = await db
        .selectFrom("content_trash")
        .select(["id", "type", "slug", "deleted_at"])
        .where("deleted_at", "<", before)
        .execute();
      return rows.map((r) => ({ id: r.id, type: r.type, slug: r.slug, deletedAt: r.deleted_at }));
    },

    async purge(id: number): Promise<boolean> {
      const r = await db.deleteFrom("content_trash").where("id", "=", id).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}
