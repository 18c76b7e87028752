// An editor's changes to content documents, each made only over the revision the editor saw: a new draft and
// its place in the order, a save, a publication or its undoing, a schedule, a delete, the draft's problems.
import { sql } from "kysely";
import type { Db } from "../engine.ts";
import { listedColumns, namesOf } from "./document-columns.ts";
import type { NewDocument } from "./document-rows.ts";
import type { VocabularyRepository } from "./vocabulary.ts";

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export function documentWrites(db: Db, vocabulary: VocabularyRepository) {
  return {
    async nextPosition(type: string): Promise<number> {
      const r = await db
        .selectFrom("content_documents")
        .select((eb) => eb.fn.max<number | null>("position").as("p"))
        .where("type", "=", type)
        .executeTakeFirst();
      return r?.p === null || r?.p === undefined ? 0 : Number(r.p) + 1;
    },
    /**
     * Makes room for a new item of `type` where `slug` sorts among the others (compared as file names sort,
     * not by the database's collation), and gives its position.
     */
    async makeRoomAt(type: string, slug: string): Promise<number> {
      const rows = await db.selectFrom("content_documents").select(["slug", "position"]).where("type", "=", type).execute();
      const later = rows.filter((r) => r.slug > slug).map((r) => Number(r.position));
      if (later.length === 0) return rows.length ? Math.max(...rows.map((r) => Number(r.position))) + 1 : 0;
      const position = Math.min(...later);
      await db
        .updateTable("content_documents")
        .set({ position: sql`position + 1` })
        .where("type", "=", type)
        .where("position", ">=", position)
        .execute();
      return position;
    },
    /**
     * A new draft, never published, with how many problems keep it from being published (null: not known yet,
     * for the editing service to check). False when the type already has that slug.
     */
    async create(d: NewDocument, at: string, by: string | null, problems: number | null): Promise<boolean> {
      const r = await db
        .insertInto("content_documents")
        .values({
          type: d.type,
          slug: d.slug,
          position: d.position,
          draft: JSON.stringify(d.body),
          ...listedColumns(d.body, d.slug, d.translatedFrom),
          problems,
          revision: 1,
          published: null,
          published_revision: null,
          published_at: null,
          publish_at: null,
          translated_from: JSON.stringify(d.translatedFrom),
          updated_at: at,
          updated_by: by,
        })
        .onConflict((oc) => oc.columns(["type", "slug"]).doNothing())
        .executeTakeFirst();
      const created = Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
      if (created) await vocabulary.remember(namesOf(d.body, d.slug));
      return created;
    },
    /**
     * Saves a draft over the revision the editor started from, with how many problems keep it from being
     * published (null: not known yet). False when someone saved in between: the caller says so and nothing is
     * overwritten.
     */
    async saveDraft(
      key: { type: string; slug: string; revision: number },
      draft: unknown,
      translatedFrom: Record<string, string>,
      { at, by, problems }: { at: string; by: string | null; problems: number | null },
    ): Promise<boolean> {
      const r = await db
        .updateTable("content_documents")
        .set({
          draft: JSON.stringify(draft),
          ...listedColumns(draft, key.slug, translatedFrom),
          problems,
          translated_from: JSON.stringify(translatedFrom),
          revision: key.revision + 1,
          updated_at: at,
          updated_by: by,
        })
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revision", "=", key.revision)
        .executeTakeFirst();
      const saved = Number(r.numUpdatedRows) === 1;
      if (saved) await vocabulary.remember(namesOf(draft, key.slug));
      return saved;
    },
    /**
     * Publishes (or takes off) the revision the editor saw, as long as its published state is still the one
     * they saw: of two editors publishing the same item at once, the second is refused (false), not repeated.
     */
    async setPublished(
      key: { type: string; slug: string; revision: number; publishedAt: string | null },
      body: unknown | null,
      at: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable("content_documents")
        .set({
          published: json(body),
          published_revision: body === null ? null : key.revision,
          published_at: body === null ? null : at,
          publish_at: null,
          // What is published now is the latest revision: a change waiting for review is settled by it.
          ...(body === null ? {} : { review_revision: null, review_by: null, review_for: null, review_at: null }),
        })
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revision", "=", key.revision)
        .where((eb) => (key.publishedAt === null ? eb("published_at", "is", null) : eb("published_at", "=", key.publishedAt)))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Deletes the revision the editor saw; false when someone changed it since. */
    async remove(key: { type: string; slug: string; revision: number }): Promise<boolean> {
      const r = await db
        .deleteFrom("content_documents")
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revision", "=", key.revision)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    async schedule(key: { type: string; slug: string; revision: number }, publishAt: string | null): Promise<boolean> {
      const r = await db
        .updateTable("content_documents")
        .set({ publish_at: publishAt })
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revision", "=", key.revision)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Records a draft's problems, as long as it is still the revision that was checked. */
    async setProblems(key: { type: string; slug: string; revision: number }, problems: number): Promise<void> {
      await db
        .updateTable("content_documents")
        .set({ problems })
        .where("type", "=", key.type)
        .where("slug", "=", key.slug)
        .where("revision", "=", key.revision)
        .execute();
    },
  };
}
