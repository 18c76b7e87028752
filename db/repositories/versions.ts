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
/** A version without its body, as an item's page lists it. */
export type VersionEntry = Omit<VersionRow, "body"> & {
  /** The paths of the fields it changed from the version before it; null when not kept (migration 029). */
  changed: string[] | null;
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
    /**
     * Keeps a published body as the item's next version, with the paths it changed from the one before; its
     * number. Run it in the publish's transaction.
     */
    async add(key: { type: string; slug: string }, body: unknown, at: string, by: string | null, changed: string[]): Promise<number> {
      const last = await item(key.type, key.slug)
        .select((eb) => eb.fn.max<number | null>("version").as("v"))
        .executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      await db
        .insertInto("content_versions")
        .values({
          type: key.type,
          slug: key.slug,
          version,
          body: JSON.stringify(body),
          published_at: at,
          published_by: by,
          changed: JSON.stringify(changed),
        })
        .execute();
      return version;
    },
    /** The item's newest version, if it has one. */
    async newest(type: string, slug: string): Promise<VersionRow | undefined> {
      const r = await item(type, slug).selectAll().orderBy("version", "desc").limit(1).executeTakeFirst();
      return r && fromRow(r);
    },
    /** An item's versions without their bodies, the newest first, at most `limit`. */
    async list(type: string, slug: string, limit: number): Promise<VersionEntry[]> {
      const rows = await item(type, slug)
        .select(["version", "published_at", "published_by", "changed"])
        .orderBy("version", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        version: Number(r.version),
        publishedAt: r.published_at,
        publishedBy: r.published_by,
        changed: r.changed === null ? null : (JSON.parse(r.changed) as string[]),
      }));
    },
    /** Some of an item's versions, whole. */
    async some(type: string, slug: string, versions: number[]): Promise<VersionRow[]> {
      if (!versions.length) return [];
      const rows = await item(type, slug).selectAll().where("version", "in", versions).execute();
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
      const gone = new Set<number>();
      for (const r of old) {
        const month = `${r.type} ${r.slug} ${r.published_at.slice(0, 7)}`;
        if (kept.has(month)) gone.add(r.id);
        else kept.add(month);
      }
      // A version kept whose predecessor goes now follows an older one: what it changed is no longer known.
      const unknown = old.filter(
        (r, i) => !gone.has(r.id) && old[i + 1]?.slug === r.slug && old[i + 1]?.type === r.type && gone.has(old[i + 1].id),
      );
      for (const batch of inBatches(unknown.map((r) => r.id)))
        await db.updateTable("content_versions").set({ changed: null }).where("id", "in", batch).execute();
      for (const batch of inBatches([...gone])) await db.deleteFrom("content_versions").where("id", "in", batch).execute();
      return gone.size;
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
