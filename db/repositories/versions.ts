// Every version of an item the site has shown (migration 018), numbered per item from 1, with who published it
// and when. Written in the publish's transaction; thinned after two years to the last version of each month.
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";

export type VersionRow = {
  version: number;
  body: unknown;
  publishedAt: string;
  publishedBy: string | null;
};

export function versionsRepository(db: Db) {
  const item = (type: string, slug: string) => db.selectFrom("content_versions").where("type", "=", type).where("slug", "=", slug);
  const fromRow = (r: { version: number; body: string; published_at: string; published_by: string | null }): VersionRow => ({
    version: Number(r.version),
    body: JSON.parse(r.body),
    publishedAt: r.published_at,
    publishedBy: r.published_by,
  });
  return {
    /** Keeps a published body as the item's next version; its number. Run it in the publish's transaction. */
    async add(key: { type: string; slug: string }, body: unknown, at: string, by: string | null): Promise<number> {
      const last = await item(key.type, key.slug)
        .select((eb) => eb.fn.max<number | null>("version").as("v"))
        .executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      await db
        .insertInto("content_versions")
        .values({ type: key.type, slug: key.slug, version, body: JSON.stringify(body), published_at: at, published_by: by })
        .execute();
      return version;
    },
    /** An item's versions, the newest first, at most `limit`. */
    async list(type: string, slug: string, limit: number): Promise<VersionRow[]> {
      const rows = await item(type, slug).selectAll().orderBy("version", "desc").limit(limit).execute();
      return rows.map(fromRow);
    },
    async get(type: string, slug: string, version: number): Promise<VersionRow | undefined> {
      const r = await item(type, slug).selectAll().where("version", "=", version).executeTakeFirst();
      return r && fromRow(r);
    },
    /**
     * Of the versions published before `before`, keeps the last of each item's month and deletes the others;
     * how many it deleted. Read without their bodies.
     */
    async thin(before: string): Promise<number> {
      const old = await db
        .selectFrom("content_versions")
        .select(["id", "type", "slug", "published_at"])
        .where("published_at", "<", before)
        .orderBy("type")
        .orderBy("slug")
        .orderBy("published_at", "desc")
        .orderBy("version", "desc")
        .execute();
      const kept = new Set<string>();
      const gone: number[] = [];
      for (const r of old) {
        const month = `${r.type} ${r.slug} ${r.published_at.slice(0, 7)}`;
        if (kept.has(month)) gone.push(r.id);
        else kept.add(month);
      }
      for (const batch of inBatches(gone)) await db.deleteFrom("content_versions").where("id", "in", batch).execute();
      return gone.length;
    },
    /** Up to `limit` versions of every item after the one with id `after`, in the order they were kept (an export's pages). */
    async after(after: number, limit: number): Promise<Array<VersionRow & { id: number; type: string; slug: string }>> {
      const rows = await db.selectFrom("content_versions").selectAll().where("id", ">", after).orderBy("id").limit(limit).execute();
      return rows.map((r) => ({ id: r.id, type: r.type, slug: r.slug, ...fromRow(r) }));
    },
    /** Forgets an item's versions (it is purged from the trash). */
    async forget(type: string, slug: string): Promise<void> {
      await db.deleteFrom("content_versions").where("type", "=", type).where("slug", "=", slug).execute();
    },
  };
}
