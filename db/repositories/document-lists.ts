// The workspace's lists of content documents, read from the columns kept beside the bodies (never parsing a
// body but the page's): every item's summary, one page filtered and sorted, the translation work, the overdue facts.
import { sql } from "kysely";
import type { SummaryFilter, TranslationFilter } from "../../shared/content-list.ts";
import type { Db } from "../engine.ts";
import { type DocumentRow, fromRow, reviewOf, type WaitingReview } from "./document-rows.ts";
import { matchesNames, type NameQuery } from "./like.ts";

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

export function documentLists(db: Db) {
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
  };
}
