// What the workspace shows of the content: the lists (a page at a time, filtered), the facts past their review
// date, one item with its translation states and problems, a form's options and the translation work.
import type { DocumentRow, DocumentSummary, WaitingReview } from "../../db/repositories/documents.ts";
import { titleOf } from "../../db/repositories/document-columns.ts";
import type { SummaryFilter, TranslationFilter } from "../../shared/content-list.ts";
import { damascusToday } from "../../shared/damascus-time.ts";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { translationStates, type TranslationState } from "../../shared/translation-status.ts";
import { FOLDER_TYPES, isDocumentType, type DocumentType } from "./documents.ts";
import type { EditingContext } from "./editing.ts";
import { EditingError, LIST_PAGE_SIZE, needPermission as need, writableLanguages, type Editor } from "./editing-rules.ts";
import { checkedSince } from "./facts.ts";
import { nameQuery } from "./name-search.ts";

/** draft: not on the site; published: the site shows the draft; changed: the site shows an older revision. */
type ItemStatus = "draft" | "published" | "changed";
type ItemSummary = {
  type: DocumentType;
  slug: string;
  title: string;
  status: ItemStatus;
  publishAt: string | null;
  revision: number;
  updatedAt: string;
  updatedBy: string | null;
  /** How many problems keep its draft from being published (null: not checked yet). */
  problems: number | null;
  /** The change waiting for review, by whom and for whom. */
  review: WaitingReview | null;
};

/** Off the site, or on it as the draft is, or on it with changes since: decided by revisions, as lists filter. */
function statusOf(d: { published: boolean; draftIsPublished: boolean }): ItemStatus {
  if (!d.published) return "draft";
  return d.draftIsPublished ? "published" : "changed";
}
const rowStatus = (d: DocumentRow): ItemStatus =>
  statusOf({ published: d.publishedRevision !== null, draftIsPublished: d.publishedRevision === d.revision });
const itemSummary = (r: DocumentSummary): ItemSummary => ({
  type: r.type as DocumentType,
  slug: r.slug,
  title: r.title,
  status: statusOf(r),
  publishAt: r.publishAt,
  revision: r.revision,
  updatedAt: r.updatedAt,
  updatedBy: r.updatedBy,
  problems: r.problems,
  review: r.review,
});

/** The item an action names, or not-found (the languages are the site's settings, never edited as an item). */
export async function foundDocument(
  { documents }: Pick<EditingContext, "documents">,
  type: string,
  slug: string,
): Promise<DocumentRow & { type: DocumentType }> {
  if (!isDocumentType(type) || type === "languages") throw new EditingError("not-found");
  const doc = await documents.get(type, slug);
  if (!doc) throw new EditingError("not-found");
  return doc as DocumentRow & { type: DocumentType };
}

export function editingReads(ctx: EditingContext) {
  const { documents, vocabulary } = ctx;

  /**
   * The oldest check still in time today in Damascus, by the settings' months (read once for both): of a place's
   * status or safety note (`status`), and of its practical facts or a guide page (`facts`).
   */
  async function checkedSinceDays(): Promise<{ status: string; facts: string }> {
    const settings = await ctx.settings();
    const today = damascusToday(ctx.now());
    return { status: checkedSince(today, settings.statusReviewMonths), facts: checkedSince(today, settings.factsReviewMonths) };
  }

  return {
    writableLanguages,

    async list(editor: Editor, type?: string): Promise<ItemSummary[]> {
      need(editor, "content.read");
      // Summaries, never the bodies: a list of tens of thousands of places must not parse them all.
      const rows = await documents.summaries(type && isDocumentType(type) ? type : undefined);
      return rows.filter((r) => r.type !== "languages").map(itemSummary);
    },

    /**
     * The places' statuses past their review date, the longest overdue first; and, each apart, their practical
     * facts, their safety notes and the guide's pages past theirs.
     */
    async overdueFacts(editor: Editor, limit = 20) {
      need(editor, "content.read");
      const { status: since, facts: factsSince } = await checkedSinceDays();
      const [places, practical, safety, guide] = await Promise.all([
        documents.checkedBefore(FOLDER_TYPES, since, limit),
        documents.checkedBefore(FOLDER_TYPES, factsSince, limit, "practical_checked"),
        documents.checkedBefore(FOLDER_TYPES, since, limit, "safety_checked"),
        documents.checkedBefore(["guide"], factsSince, limit),
      ]);
      const group = (found: typeof places, from: string) => ({ items: found.items.map(itemSummary), total: found.total, since: from });
      return {
        ...group(places, since),
        practical: group(practical, factsSince),
        safety: group(safety, since),
        guide: group(guide, factsSince),
      };
    },

    /** One page of one kind's items, filtered and sorted (SummaryFilter), and how many pages there are. */
    async listPage(editor: Editor, type: DocumentType, filter: SummaryFilter & { page: number }) {
      need(editor, "content.read");
      const { words, overdue, ...columns } = filter;
      const names = await nameQuery(words, vocabulary);
      // Each fact by its own months: practical facts and guide pages by the facts', a status and a safety note by the status's.
      const checkedBefore = overdue
        ? (await checkedSinceDays())[overdue === "practical" || type === "guide" ? "facts" : "status"]
        : undefined;
      const checkedFact = overdue === "practical" ? "practical_checked" : overdue === "safety" ? "safety_checked" : "verified";
      const { items, total } = await documents.summaryPage(type, {
        ...columns,
        names,
        checkedBefore,
        checkedFact,
        perPage: LIST_PAGE_SIZE,
      });
      return { items: items.map(itemSummary), total, pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) };
    },

    async item(editor: Editor, type: string, slug: string) {
      need(editor, "content.read");
      const doc = await foundDocument(ctx, type, slug);
      const states = Object.fromEntries(
        LANGUAGE_CODES.map((l) => [
          l,
          Object.fromEntries(translationStates(doc.draft, doc.translatedFrom, l).map((s) => [s.path, s.state])),
        ]),
      ) as Record<LanguageCode, Record<string, TranslationState>>;
      // What is left to do before it can be published, every problem at once, each shown beside its field.
      const { blocking, unfinished } = await ctx.checks.checkDraft(doc.type, doc.slug, doc.draft);
      return { ...doc, title: titleOf(doc.draft, doc.slug), status: rowStatus(doc), states, problems: [...blocking, ...unfinished] };
    },

    /**
     * Options the form offers: the slugs an item may refer to. The places (tens of thousands) only for a form
     * that chooses one (`places`: a video's).
     */
    async references(editor: Editor, { places = true }: { places?: boolean } = {}) {
      need(editor, "content.read");
      // The few categories and photographs are read whole; the many places only by their summaries.
      const rows = await documents.summaries(["city", "service-type", ...(places ? FOLDER_TYPES : [])]);
      const of = (...types: string[]) => rows.filter((r) => types.includes(r.type)).map((r) => ({ slug: r.slug, title: r.title }));
      return {
        categories: (await documents.list("category")).map((r) => ({
          slug: r.slug,
          title: titleOf(r.draft, r.slug),
          kind: (r.draft as { kind: number }).kind,
        })),
        cities: of("city"),
        serviceTypes: of("service-type"),
        pictures: (await documents.list("picture"))
          .filter((r) => r.published !== null)
          .map((r) => ({ slug: r.slug, title: titleOf(r.published, r.slug) })),
        places: of(...FOLDER_TYPES),
      };
    },

    /**
     * One page of the translation work: the items with a field to translate or outdated in the languages asked
     * (all those this account may see work in, or one), each with a row per language and that language's
     * missing and outdated fields, listed under every state it has. `viewer`: the language names are shown in.
     */
    async translations(
      editor: Editor,
      filter: { type?: string; language?: string; state?: TranslationFilter; words?: string; page: number; viewer?: string },
    ) {
      need(editor, "content.read");
      // Translators see their own languages; everyone else sees all seven.
      const visible = editor.role === "translator" ? writableLanguages(editor) : [...LANGUAGE_CODES];
      const languages = visible.filter((l) => l !== "en" && (!filter.language || l === filter.language));
      const state = filter.state ?? "todo";
      const { items, total } = await documents.translationPage({
        type: filter.type && isDocumentType(filter.type) ? filter.type : undefined,
        languages,
        state,
        names: await nameQuery(filter.words, vocabulary),
        page: filter.page,
        perPage: LIST_PAGE_SIZE,
      });
      const rows = items.flatMap((doc) => languages.flatMap((language) => translationRow(doc, language, state, filter.viewer)));
      return { languages: visible.filter((l) => l !== "en"), rows, total, pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) };
    },

    /** Whether the documents exist yet (a database made before the workspace has only its public tables). */
    async hasDocuments(): Promise<boolean> {
      return (await documents.count()) > 0;
    },
  };
}

/** One item's row of the translation work in one language, if it has texts and is in the state asked. */
function translationRow(
  doc: { type: string; slug: string; draft: unknown; translatedFrom: DocumentRow["translatedFrom"] },
  language: LanguageCode,
  state: TranslationFilter,
  viewer: string | undefined,
) {
  const states = translationStates(doc.draft, doc.translatedFrom, language);
  const missing = states.filter((s) => s.state === "missing").map((s) => s.path);
  const outdated = states.filter((s) => s.state === "outdated").map((s) => s.path);
  const shown =
    state === "all" ||
    (state === "todo" && missing.length + outdated.length > 0) ||
    (state === "missing" && missing.length > 0) ||
    (state === "outdated" && outdated.length > 0) ||
    (state === "done" && missing.length + outdated.length === 0);
  if (states.length === 0 || !shown) return [];
  return [{ type: doc.type as DocumentType, slug: doc.slug, title: titleOf(doc.draft, doc.slug, viewer), language, missing, outdated }];
}
