// What a content load writes of the documents (every loaded item published, the others taken off), and the
// published bodies read back for the public tables, an export and the open data.
import { type NotNull, sql } from "kysely";
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";
import { listedColumns, namesOf } from "./document-columns.ts";
import type { NewDocument } from "./document-rows.ts";
import type { VocabularyRepository } from "./vocabulary.ts";

export function documentLoads(db: Db, vocabulary: VocabularyRepository) {
  return {
    /** Keeps the words of these items' names in the vocabulary: what a load does once a batch, as put does not. */
    async rememberNames(items: Array<{ body: unknown; slug: string }>): Promise<void> {
      await vocabulary.remember(items.flatMap((d) => namesOf(d.body, d.slug)));
    },
    /**
     * A loaded file's item (content:load, the seed) as the published body, and as the draft too unless the
     * draft holds an editor's unpublished changes (`keepDraft`), which a load never throws away.
     */
    async put(d: NewDocument, at: string, { keepDraft = false } = {}): Promise<void> {
      const body = JSON.stringify(d.body);
      // Published beside an editor's draft, the body is no revision of it (0); else it is the draft's next.
      const published = { position: d.position, published: body, published_revision: 0, published_at: at, publish_at: null };
      const draft = keepDraft
        ? {}
        : {
            draft: body,
            ...listedColumns(d.body, d.slug, d.translatedFrom),
            // A load checked the whole content: what it writes has no problem.
            problems: 0,
            revision: sql<number>`content_documents.revision + 1`,
            published_revision: sql<number>`content_documents.revision + 1`,
            translated_from: JSON.stringify(d.translatedFrom),
            updated_at: at,
            updated_by: null,
          };
      await db
        .insertInto("content_documents")
        .values({
          type: d.type,
          slug: d.slug,
          position: d.position,
          draft: body,
          ...listedColumns(d.body, d.slug, d.translatedFrom),
          problems: 0,
          revision: 1,
          published: body,
          published_revision: 1,
          published_at: at,
          publish_at: null,
          translated_from: JSON.stringify(d.translatedFrom),
          updated_at: at,
          updated_by: null,
        })
        .onConflict((oc) => oc.columns(["type", "slug"]).doUpdateSet({ ...published, ...draft }))
        .execute();
    },
    /** Takes off the site every item a load does not have; their drafts stay, as work an editor may want. */
    async unpublishOthers(keep: Array<{ type: string; slug: string }>): Promise<number> {
      const wanted = new Set(keep.map((k) => `${k.type} ${k.slug}`));
      const ids = (await db.selectFrom("content_documents").select(["id", "type", "slug"]).where("published", "is not", null).execute())
        .filter((r) => !wanted.has(`${r.type} ${r.slug}`))
        .map((r) => r.id);
      // In batches: a statement never binds one parameter per item.
      for (const batch of inBatches(ids))
        await db
          .updateTable("content_documents")
          .set({ published: null, published_revision: null, published_at: null, publish_at: null })
          .where("id", "in", batch)
          .execute();
      return ids.length;
    },
    /** Every published body (or those of some types), for the public tables and an export. */
    async published(types?: string[]): Promise<Array<{ type: string; slug: string; position: number; body: unknown }>> {
      let q = db
        .selectFrom("content_documents")
        .select(["type", "slug", "position", "published"])
        .where("published", "is not", null)
        .$narrowType<{ published: NotNull }>();
      if (types) q = q.where("type", "in", types);
      const rows = await q.orderBy("position").orderBy("slug").execute();
      return rows.map((r) => ({ type: r.type, slug: r.slug, position: r.position, body: JSON.parse(r.published) }));
    },
    /** How many items of these types are published. */
    async countPublished(types: readonly string[]): Promise<number> {
      const r = await db
        .selectFrom("content_documents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("type", "in", [...types])
        .where("published", "is not", null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Up to `limit` published bodies of one type after the slug `after`, by slug: a long list read a page at a time. */
    async publishedPage(type: string, after: string, limit: number): Promise<Array<{ slug: string; body: unknown }>> {
      const rows = await db
        .selectFrom("content_documents")
        .select(["slug", "published"])
        .where("type", "=", type)
        .where("published", "is not", null)
        .where("slug", ">", after)
        .$narrowType<{ published: NotNull }>()
        .orderBy("slug")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ slug: r.slug, body: JSON.parse(r.published) }));
    },
  };
}
