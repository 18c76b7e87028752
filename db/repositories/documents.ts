// The workspace's content documents (db/migrations/003-content-documents.ts): drafts, published bodies,
// revisions and schedules. Bodies travel as JSON text so both engines store them alike.
import { sql } from "kysely";
import type { Selectable } from "kysely";
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";
import { matchesNames, type NameQuery } from "./like.ts";
import { vocabularyRepository } from "./vocabulary.ts";
import { wordsOf } from "../../shared/search/normalize.ts";
import type { SummaryFilter, TranslationFilter } from "../../shared/content-list.ts";
import { languagesToWork, type Stamps } from "../../shared/translation-status.ts";
import type { Database } from "../schema.ts";

export type DocumentRow = {
  type: string;
  slug: string;
  position: number;
  draft: unknown;
  revision: number;
  published: unknown | null;
  publishedAt: string | null;
  /** The draft revision the published body is; null off the site, 0 when it is no revision of the draft. */
  publishedRevision: number | null;
  publishAt: string | null;
  translatedFrom: Record<string, string>;
  updatedAt: string;
  updatedBy: string | null;
  /** The change waiting for a second person's review, if one is (decision 031). */
  review: WaitingReview | null;
};
/** A revision submitted for review: by whom, for whom (null: any other editor) and when. */
export type WaitingReview = { revision: number; by: string; for: string | null; at: string };
type NewDocument = { type: string; slug: string; position: number; body: unknown; translatedFrom: Record<string, string> };

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** What an item is called in lists: its name or title in `language` when it has it, else in English, else its slug. */
export function titleOf(body: unknown, slug: string, language = "en"): string {
  const b = body as { name?: Record<string, string>; title?: Record<string, string>; caption?: Record<string, string> } | null;
  const text = b?.name ?? b?.title ?? b?.caption;
  return text?.[language] ?? text?.en ?? slug;
}

/** The folded words of an item's slug, names in every language, and other names: what the workspace's lists find it by. */
export function namesOf(body: unknown, slug: string): string[] {
  const b = body as { name?: unknown; title?: unknown; caption?: unknown; aliases?: unknown } | null;
  const texts = [b?.name, b?.title, b?.caption, b?.aliases].flatMap((t) =>
    t && typeof t === "object" ? Object.values(t).filter((v): v is string => typeof v === "string") : [],
  );
  return wordsOf([slug, ...texts]);
}

// The names column is part of the list's index, whose rows PostgreSQL keeps under 2,700 bytes; a name's words
// beyond this many characters (far beyond any real name in seven languages) are not searched.
const NAMES_LIMIT = 800;

/**
 * The columns the workspace's lists show and filter by, kept beside the body on every write (migrations 008,
 * 014, 015 and 017): its title; for a place or an experience its city, category and governorate; its names; the languages it has fields
 * to translate in, and those with a translation made from an older English.
 */
export function listedColumns(body: unknown, slug: string, stamps: Stamps = {}) {
  const b = body as {
    city?: unknown;
    category?: unknown;
    governorate?: unknown;
    status?: { verified?: unknown };
    reviewed?: unknown;
    practical?: { checked?: unknown };
    safetyChecked?: unknown;
  } | null;
  const work = languagesToWork(body, stamps);
  return {
    title: titleOf(body, slug),
    city: typeof b?.city === "string" ? b.city : null,
    category: typeof b?.category === "string" ? b.category : null,
    governorate: typeof b?.governorate === "string" ? b.governorate : null,
    // The day a place's status, or a guide page, was last checked: what the dashboard and the list find overdue by.
    verified: typeof b?.status?.verified === "string" ? b.status.verified : typeof b?.reviewed === "string" ? b.reviewed : null,
    // The days a place's practical facts and its safety note were last checked (their own review periods).
    practical_checked: typeof b?.practical?.checked === "string" ? b.practical.checked : null,
    safety_checked: typeof b?.safetyChecked === "string" ? b.safetyChecked : null,
    // ",fr,es,": a language is found with LIKE '%,fr,%' (migration 015).
    untranslated: `,${work.missing.join(",")},`,
    outdated: `,${work.outdated.join(",")},`,
    // " palmyra تدمر ": a word is found with LIKE '% word %', the beginning of one with LIKE '% wo%'.
    names: ` ${namesOf(body, slug).join(" ")} `.slice(0, NAMES_LIMIT),
  };
}

/**
 * What summaryPage filters by, each a column: the domain turns the words typed into a NameQuery (corrected
 * from the vocabulary).
 */
type SummaryColumnsFilter = Pick<SummaryFilter, "city" | "governorate" | "category" | "problems" | "state" | "translation" | "sort"> & {
  names?: NameQuery;
  /** Only items whose fact (`checkedFact`, the status by default) was checked before this day (YYYY-MM-DD). */
  checkedBefore?: string;
  checkedFact?: CheckedFact;
};

/** The columns that hold the day a fact was last checked. */
type CheckedFact = "verified" | "practical_checked" | "safety_checked";

/** An item as lists show it, read without its bodies. */
export type DocumentSummary = {
  type: string;
  slug: string;
  position: number;
  title: string;
  revision: number;
  /** Whether the item is on the site, and whether its draft is what the site shows. */
  published: boolean;
  draftIsPublished: boolean;
  publishAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
  /** How many problems keep its draft from being published (null: not checked yet). */
  problems: number | null;
  review: WaitingReview | null;
};

const reviewOf = (r: Pick<Selectable<Database["content_documents"]>, "review_revision" | "review_by" | "review_for" | "review_at">) =>
  r.review_revision === null || r.review_by === null || r.review_at === null
    ? null
    : { revision: Number(r.review_revision), by: r.review_by, for: r.review_for, at: r.review_at };

function fromRow(r: Selectable<Database["content_documents"]>): DocumentRow {
  return {
    type: r.type,
    slug: r.slug,
    position: r.position,
    draft: JSON.parse(r.draft),
    revision: r.revision,
    published: r.published === null ? null : JSON.parse(r.published),
    publishedAt: r.published_at,
    publishedRevision: r.published_revision === null ? null : Number(r.published_revision),
    publishAt: r.publish_at,
    translatedFrom: JSON.parse(r.translated_from),
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
    review: reviewOf(r),
  };
}

export function documentsRepository(db: Db) {
  const vocabulary = vocabularyRepository(db);
  function summaryQuery() {
    return db
      .selectFrom("content_documents")
      .select([
        "type",
        "slug",
        "position",
        "title",
        "revision",
        "publish_at",
        "updated_at",
        "updated_by",
        "problems",
        "published_revision",
        "review_revision",
        "review_by",
        "review_for",
        "review_at",
      ]);
  }
  type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["execute"]>>[number];
  const toSummary = (r: SummaryRow): DocumentSummary => ({
    type: r.type,
    slug: r.slug,
    position: Number(r.position),
    title: r.title || r.slug,
    revision: Number(r.revision),
    published: r.published_revision !== null,
    draftIsPublished: r.published_revision !== null && Number(r.published_revision) === Number(r.revision),
    publishAt: r.publish_at,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
    problems: r.problems === null ? null : Number(r.problems),
    review: reviewOf(r),
  });

  return {
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
    /** Every item (of a type, or of these types) as lists show it, in order, without parsing a body. */
    async summaries(type?: string | string[]): Promise<DocumentSummary[]> {
      let q = summaryQuery();
      if (type) q = q.where("type", "in", [type].flat());
      return (await q.orderBy("type").orderBy("position").orderBy("slug").execute()).map(toSummary);
    },
    /**
     * One page of one type's summaries, filtered (words of its names, a city, a governorate, a category, a publication state,
     * a language's translation) and sorted, and how many there are. Every filter is a column of the list's index.
     */
    async summaryPage(
      type: string,
      {
        names,
        city,
        governorate,
        category,
        problems,
        checkedBefore,
        checkedFact = "verified",
        state,
        translation,
        sort = "position",
        page,
        perPage,
      }: SummaryColumnsFilter & { page: number; perPage: number },
    ): Promise<{ items: DocumentSummary[]; total: number }> {
      let q = summaryQuery().where("type", "=", type);
      if (names) q = q.where((eb) => matchesNames(eb, eb.ref("names"), names));
      if (city) q = q.where("city", "=", city);
      if (governorate) q = q.where("governorate", "=", governorate);
      if (problems) q = q.where("problems", ">", 0);
      if (checkedBefore) q = q.where(checkedFact, "<", checkedBefore);
      if (translation) {
        const { language, state: work } = translation;
        const missing = sql<boolean>`untranslated like ${`%,${language},%`}`;
        const outdated = sql<boolean>`outdated like ${`%,${language},%`}`;
        q = q.where((eb) => (work === "missing" ? missing : work === "outdated" ? outdated : eb.not(eb.or([missing, outdated]))));
      }
      if (category) q = q.where("category", "=", category);
      if (state === "draft") q = q.where("published_revision", "is", null);
      if (state === "published") q = q.whereRef("published_revision", "=", "revision");
      if (state === "changed") q = q.whereRef("published_revision", "<>", "revision");
      if (state === "scheduled") q = q.where("publish_at", "is not", null);
      if (state === "review") q = q.where("review_at", "is not", null);
      const ordered =
        sort === "title"
          ? q.orderBy("title")
          : sort === "updated"
            ? q.orderBy("updated_at", "desc")
            : sort === "updatedBy"
              ? q.orderBy("updated_by").orderBy("updated_at", "desc")
              : q.orderBy("position");
      const [rows, total] = await Promise.all([
        ordered
          .orderBy("slug")
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        q
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSummary), total: Number(total.n) };
    },
    /**
     * One page of the items with translation work in these languages (`state`: "todo" missing or outdated,
     * "missing", "outdated", "done" in all of them, "all"), whole (their fields' states are read from the 50
     * bodies of the page), and how many there are. Filtered by the columns kept beside each body.
     */
    async translationPage({
      type,
      languages,
      state,
      names,
      page,
      perPage,
    }: {
      type?: string;
      languages: readonly string[];
      state: TranslationFilter;
      names?: NameQuery;
      page: number;
      perPage: number;
    }): Promise<{ items: Array<DocumentRow & { title: string }>; total: number }> {
      let q = db.selectFrom("content_documents").where("type", "<>", "languages");
      if (type) q = q.where("type", "=", type);
      if (names) q = q.where((eb) => matchesNames(eb, eb.ref("names"), names));
      const has = (column: "untranslated" | "outdated", language: string) => sql<boolean>`${sql.ref(column)} like ${`%,${language},%`}`;
      if (state !== "all")
        q = q.where((eb) => {
          const missing = languages.map((l) => has("untranslated", l));
          const outdated = languages.map((l) => has("outdated", l));
          if (state === "missing") return eb.or(missing);
          if (state === "outdated") return eb.or(outdated);
          if (state === "todo") return eb.or([...missing, ...outdated]);
          return eb.not(eb.or([...missing, ...outdated]));
        });
      const [rows, total] = await Promise.all([
        q
          .selectAll()
          .orderBy("type")
          .orderBy("position")
          .orderBy("slug")
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map((r) => ({ ...fromRow(r), title: r.title || r.slug })), total: Number(total.n) };
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
    /** Scheduled publications that are due. */
    async due(now: string): Promise<DocumentRow[]> {
      return (
        await db.selectFrom("content_documents").selectAll().where("publish_at", "is not", null).where("publish_at", "<=", now).execute()
      ).map(fromRow);
    },
    /**
     * The items (of these kinds) whose fact was last checked before `day`, the oldest first, and how many: the
     * status (or a guide page's review), the practical facts or the safety note.
     */
    async checkedBefore(
      types: readonly string[],
      day: string,
      limit: number,
      fact: CheckedFact = "verified",
    ): Promise<{ items: DocumentSummary[]; total: number }> {
      const q = summaryQuery().where("type", "in", types).where(fact, "<", day);
      const [rows, total] = await Promise.all([
        q.orderBy(fact).orderBy("slug").limit(limit).execute(),
        q
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSummary), total: Number(total.n) };
    },
    /** Drafts whose problems are not known yet (saved without them, or from before migration 017), a few at a time. */
    async unchecked(limit: number): Promise<DocumentRow[]> {
      const rows = await db.selectFrom("content_documents").selectAll().where("problems", "is", null).orderBy("id").limit(limit).execute();
      return rows.map(fromRow);
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
      let q = db.selectFrom("content_documents").select(["type", "slug", "position", "published"]).where("published", "is not", null);
      if (types) q = q.where("type", "in", types);
      const rows = await q.orderBy("position").orderBy("slug").execute();
      return rows.map((r) => ({ type: r.type, slug: r.slug, position: r.position, body: JSON.parse(r.published!) }));
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
        .orderBy("slug")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ slug: r.slug, body: JSON.parse(r.published!) }));
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;

/** Publishing on PostgreSQL takes a lock for its transaction, so two instances never interleave two publications. */
export async function lockPublishing(db: Db, engine: "sqlite" | "postgres"): Promise<void> {
  if (engine === "postgres") await sql`select pg_advisory_xact_lock(7226002)`.execute(db);
}
