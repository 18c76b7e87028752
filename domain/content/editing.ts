// The workspace's content service: drafts, publishing, schedules and translation status, each action checked
// against the account's role here (the routes check it too; a hidden button is never the check) and written
// to the audit log in the same transaction as the change.
import type { DatabaseHandle, Db } from "../../db/engine.ts";
import type { AccountRow } from "../../db/repositories/accounts.ts";
import { auditRepository } from "../../db/repositories/audit.ts";
import { vocabularyRepository } from "../../db/repositories/vocabulary.ts";
import { versionsRepository } from "../../db/repositories/versions.ts";
import { reviewsRepository } from "../../db/repositories/reviews.ts";
import { nameQuery } from "./name-search.ts";
import { checkedSince } from "./facts.ts";
import { damascusToday } from "../../shared/damascus-time.ts";
import {
  documentsRepository,
  titleOf,
  type DocumentRow,
  type DocumentSummary,
  type DocumentsRepository,
  type WaitingReview,
} from "../../db/repositories/documents.ts";
import type { BulkIntent, SummaryFilter, TranslationFilter } from "../../shared/content-list.ts";
import { can, type Permission } from "../workspace/roles.ts";
import { auditEntry, type AuditAction } from "../workspace/audit-actions.ts";
import { Refusal, refusalTest } from "../refusal.ts";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { contentProblems, placeSizeProblems, PUBLISHING_PROBLEMS, type PlaceSizes } from "./checks.ts";
import {
  DOCUMENT_TYPES,
  FOLDER_TYPES,
  filesFromDocuments,
  isDocumentType,
  referencesOf,
  type ContentDocument,
  type DocumentType,
} from "./documents.ts";
import type { ContentFiles } from "./files.ts";
import type { ImageSource, LoadReport } from "./load.ts";
import type { MediaManifest } from "./media-manifest.ts";
import { ContentProblemsError, republish } from "./publishing.ts";
import { slug as slugSchema, type StoredSettings } from "./schema.ts";
import { republishPlace, withPlaceDrafted } from "./place-publishing.ts";
import { placeTarget } from "./publish-targets.ts";
import { publishedWithSite, republishSite, withSiteDrafted } from "./site-publishing.ts";
import { restamp, translatedTexts, translationStates, type TranslationState } from "../../shared/translation-status.ts";

/** The longest reason an admin may give for publishing without review. */
const REASON_MAX = 500;
/** The longest note a reviewer or an editor may write on an item. */
const NOTE_MAX = 2000;

/** A review note's text, trimmed; refused when required and empty, or too long. */
export function reviewNote(text: string, required: boolean): string {
  const body = text.trim();
  if (required && !body) throw new EditingError("invalid", [{ field: "reviewNote", code: "required" }]);
  if (body.length > NOTE_MAX) throw new EditingError("invalid", [{ field: "reviewNote", code: "too_big", values: { maximum: NOTE_MAX } }]);
  return body;
}

/** How often scheduled publications are looked for: a scheduled item goes public within this of its time. */
const SCHEDULE_CHECK_MS = 10_000;

export type FieldProblem = { field: string; code: string; values?: Record<string, string | number> };
type EditingCode =
  | "not-found"
  | "forbidden"
  | "invalid"
  | "conflict"
  | "slug-taken"
  | "fixed"
  | "breaks-content"
  | "language"
  | "in-use"
  | "unfinished"
  | "referred"
  | "review-needed"
  | "own-change";

/** Why an action was refused; the page shows it (and each field problem beside its field). */
export class EditingError extends Refusal<EditingCode> {
  readonly problems: FieldProblem[];
  constructor(code: EditingCode, problems: FieldProblem[] = []) {
    super("EditingError", code);
    this.problems = problems;
  }
}
export const isEditingError = refusalTest<EditingError>("EditingError");

/** What a bulk action did: the items done, and those refused with the reason each would have been given. */
export type BulkOutcome = {
  done: Array<{ slug: string; title: string }>;
  refused: Array<{ slug: string; title: string; code: EditingCode; problems: FieldProblem[] }>;
};

export type Editor = Pick<AccountRow, "id" | "email" | "role" | "languages">;

/** Refuses (forbidden) an editor whose role lacks the permission: every content service asks it this way. */
export function needPermission(editor: Editor, permission: Permission): void {
  if (!can(editor.role, permission)) throw new EditingError("forbidden");
}
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

/** The languages an account may write: a translator's own, everyone else's all seven. */
export function writableLanguages(editor: Editor): LanguageCode[] {
  if (can(editor.role, "content.edit")) return [...LANGUAGE_CODES];
  if (!can(editor.role, "content.translate")) return [];
  const own = editor.languages.split(",");
  return LANGUAGE_CODES.filter((l) => own.includes(l));
}

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
/** Items on one page of the workspace's content list: tens of thousands of places are never one page. */
export const LIST_PAGE_SIZE = 50;

/** Every leaf of a body by its path ("images.0.caption.fr"), to tell what a save changes. */
function leaves(value: unknown, path = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
    if (Object.keys(value).length === 0) out.set(path, Array.isArray(value) ? [] : {});
  } else out.set(path, value);
  return out;
}
export function changedPaths(before: unknown, after: unknown): Array<{ path: string; before: unknown; after: unknown }> {
  const a = leaves(before);
  const b = leaves(after);
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((p) => JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p)))
    .map((path) => ({ path, before: a.get(path), after: b.get(path) }));
}

const valueAt = (body: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined),
    body,
  );

/**
 * The zod issues of a body, by field (the pictures service checks an upload's texts by it too). `unfinished`
 * are those of a draft still being written (an empty required field, a list with too few rows): they keep it
 * off the site, never from being saved.
 */
export function schemaProblems(
  type: DocumentType,
  body: unknown,
): { problems: FieldProblem[]; unfinished: FieldProblem[]; value?: unknown } {
  const result = DOCUMENT_TYPES[type].schema.safeParse(body);
  if (result.success) return { problems: [], unfinished: [], value: result.data };
  const problems: FieldProblem[] = [];
  const unfinished: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    const values: Record<string, string | number> = {};
    for (const key of ["minimum", "maximum", "format"] as const)
      if (key in issue && issue[key as keyof typeof issue] !== undefined) values[key] = String(issue[key as keyof typeof issue]);
    const origin = (issue as { origin?: string }).origin;
    const blank = issue.code === "too_small" && origin === "string";
    // (zod leaves the input out of its issues: what is absent is read from the body itself. An empty choice is
    // absent too, whichever issue its schema reports for it: a wrong type, or not one of the options.)
    const absent = (issue.code === "invalid_type" || issue.code === "invalid_value") && valueAt(body, issue.path) === undefined;
    const problem = { field: issue.path.join("."), code: blank || absent ? "required" : issue.code, values };
    problems.push(problem);
    if (blank || absent || (issue.code === "too_small" && origin === "array")) unfinished.push(problem);
  }
  return { problems, unfinished };
}

/**
 * Fields only an upload sets: the library's file and what was read from its bytes, and a video's checked
 * captions files. A save keeps them as they are, whatever a form posts.
 */
const UPLOADED_FIELDS: Partial<Record<DocumentType, readonly string[]>> = {
  picture: ["file"],
  video: ["file", "width", "height", "seconds", "captions"],
};
function uploadedFields(type: DocumentType, draft: unknown): Record<string, unknown> {
  const kept = Object.entries((draft ?? {}) as Record<string, unknown>).filter(([key]) => UPLOADED_FIELDS[type]?.includes(key));
  return Object.fromEntries(kept);
}

/** A form's body as the type's document: the slug belongs in it only where the type's files carry it. */
function documentBody(type: DocumentType, form: unknown, slug: string): unknown {
  const { slug: _posted, ...rest } = (form ?? {}) as Record<string, unknown>;
  return DOCUMENT_TYPES[type].keyed ? { ...rest, slug } : rest;
}

export function editingService(d: {
  handle: DatabaseHandle;
  image: ImageSource;
  /** The published site settings (the content service's), read when a rule depends on them. */
  settings: () => Promise<StoredSettings>;
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());
  const documents = documentsRepository(d.handle.db);
  const vocabulary = vocabularyRepository(d.handle.db);

  const need = needPermission;
  async function found(type: string, slug: string): Promise<DocumentRow & { type: DocumentType }> {
    if (!isDocumentType(type) || type === "languages") throw new EditingError("not-found");
    const doc = await documents.get(type, slug);
    if (!doc) throw new EditingError("not-found");
    return doc as DocumentRow & { type: DocumentType };
  }

  /** The published content with one draft in its place: what the site would be if it were published. */
  async function withDraft(type: DocumentType, slug: string, body: unknown): Promise<{ files: ContentFiles; manifest: MediaManifest }> {
    const all = (await documents.list()).filter((x) => x.published !== null || (x.type === type && x.slug === slug));
    const docs: ContentDocument[] = all
      .filter((x) => !(x.type === type && x.slug === slug))
      .map((x) => ({ type: x.type as DocumentType, slug: x.slug, position: x.position, body: x.published }));
    const position = all.find((x) => x.type === type && x.slug === slug)?.position ?? Number.MAX_SAFE_INTEGER;
    docs.push({ type, slug, position, body });
    return filesFromDocuments(docs);
  }

  /**
   * The item and the published items it names (its category, city, service type and photographs; a video's
   * place), each read by its key: all the rules for one item need, whatever the size of the site.
   */
  async function withReferences(type: DocumentType, slug: string, body: unknown): Promise<ContentFiles> {
    const named = await Promise.all(
      referencesOf(type, body).map(async ({ types, slug: other }): Promise<ContentDocument | undefined> => {
        for (const t of types) {
          const doc = await documents.get(t, other);
          if (doc?.published) return { type: t, slug: other, position: doc.position, body: doc.published };
        }
        return undefined;
      }),
    );
    const docs = named.filter((d): d is ContentDocument => d !== undefined);
    return filesFromDocuments([...docs, { type, slug, position: 0, body }]).files;
  }

  /**
   * Every problem of a draft at once. `blocking` keeps it from being stored (a wrong type, a text too long, a
   * reference to nothing); `unfinished` (an empty required field, too few words or pictures, coordinates
   * outside the city) only from being published, so half-written work can be kept. `value` is what is stored:
   * the schema's reading when it passes, else the body as the form posted it.
   */
  async function checkDraft(type: DocumentType, slug: string, body: unknown) {
    const parsed = schemaProblems(type, body);
    const unfinished = [...parsed.unfinished];
    const blocking = parsed.problems.filter((p) => !unfinished.includes(p));
    if (parsed.value === undefined) {
      // The rules across content need a whole item; of them, a half-written place is told its counts already.
      const counted = FOLDER_TYPES.includes(type) ? placeSizeProblems(type !== "service", body as PlaceSizes) : [];
      unfinished.push(...counted.filter((c) => !unfinished.some((u) => c.field === u.field || c.field.startsWith(`${u.field}.`))));
      return { value: body, blocking, unfinished };
    }
    const files = await withReferences(type, slug, parsed.value);
    for (const p of contentProblems(files)) {
      if (p.type !== type || p.slug !== slug) continue;
      (PUBLISHING_PROBLEMS.has(p.code) ? unfinished : blocking).push({ field: p.field ?? "", code: p.code, values: p.values });
    }
    return { value: parsed.value, blocking, unfinished };
  }

  /** The draft as it may be published: refused with every problem while any is left. */
  async function publishable(type: DocumentType, slug: string, body: unknown): Promise<unknown> {
    const { value, blocking, unfinished } = await checkDraft(type, slug, body);
    if (blocking.length || unfinished.length) throw new EditingError("unfinished", [...blocking, ...unfinished]);
    return value;
  }

  /**
   * The oldest check still in time today in Damascus, by the settings' months (read once for both): of a place's
   * status or safety note (`status`), and of its practical facts or a guide page (`facts`).
   */
  async function checkedSinceDays(): Promise<{ status: string; facts: string }> {
    const settings = await d.settings();
    const today = damascusToday(now());
    return { status: checkedSince(today, settings.statusReviewMonths), facts: checkedSince(today, settings.factsReviewMonths) };
  }

  async function inTransaction<T>(work: (trx: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
    return d.handle.db.transaction().execute(work);
  }
  const audit = (trx: DatabaseHandle["db"], editor: Editor | null, action: AuditAction, target: string, before: unknown, after: unknown) =>
    auditRepository(trx).append(auditEntry(now(), editor, action, target, before, after));

  /** Whether a change is published only once a second person has reviewed it (the site setting, decision 031). */
  async function reviewRule(): Promise<boolean> {
    return (await d.settings()).reviewBeforePublish;
  }

  /**
   * Puts the draft (`body`) on the site, or takes the item off it (null), with its audit entry (`detail` added to
   * what it records) and whatever else belongs to the same change (`also`, such as a reviewer's note) in the
   * publish's transaction.
   */
  async function publishNow(
    editor: Editor | null,
    doc: DocumentRow,
    body: unknown | null,
    action: AuditAction,
    { detail = {}, also }: { detail?: Record<string, unknown>; also?: (trx: Db) => Promise<void> } = {},
  ): Promise<LoadReport> {
    const at = now().toISOString();
    const target = `${doc.type}/${doc.slug}`;
    const type = doc.type as DocumentType;
    // A draft is stored half-written; only a whole one goes on the site (the schedule's too).
    if (body !== null) body = await publishable(type, doc.slug, body);
    const change = async (repo: DocumentsRepository, trx: Db) => {
      if (!(await repo.setPublished(doc, body, at))) return false;
      // What the site shows from now on is kept as the item's next version (decision 027).
      const version = body === null ? null : await versionsRepository(trx).add(doc, body, at, editor?.email ?? null);
      await audit(
        trx,
        editor,
        action,
        target,
        { revision: doc.revision, published: doc.publishedAt },
        { revision: doc.revision, at, ...(version ? { version } : {}), ...detail },
      );
      await also?.(trx);
      return true;
    };
    try {
      // A place (or a part of one) costs what it costs (publish-targets.ts); the few items many others name, the whole site.
      const target = await placeTarget(documents, withReferences, type, doc, body);
      const report = target
        ? await republishPlace(d.handle, d.image, target.item, target.place, change, { now: at, problems: target.problems })
        : publishedWithSite(type)
          ? await republishSite(d.handle, d.image, { type, slug: doc.slug }, change, { now: at })
          : await republish(d.handle, d.image, change, {
              candidate: body === null ? undefined : (await withDraft(type, doc.slug, body)).files,
              now: at,
            });
      if (!report) throw new EditingError("conflict");
      return report;
    } catch (error) {
      // Both modules are the domain's (loaded once by Node), so the class itself tells the error.
      if (error instanceof ContentProblemsError)
        throw new EditingError(
          "breaks-content",
          error.problems.map((p) => ({
            field: `${p.type}/${p.slug}${p.field ? `.${p.field}` : ""}`,
            code: p.code,
            values: p.values,
          })),
        );
      throw error;
    }
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
      const doc = await found(type, slug);
      const states = Object.fromEntries(
        LANGUAGE_CODES.map((l) => [
          l,
          Object.fromEntries(translationStates(doc.draft, doc.translatedFrom, l).map((s) => [s.path, s.state])),
        ]),
      ) as Record<LanguageCode, Record<string, TranslationState>>;
      // What is left to do before it can be published, every problem at once, each shown beside its field.
      const { blocking, unfinished } = await checkDraft(doc.type, doc.slug, doc.draft);
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

    async create(editor: Editor, type: string, body: unknown): Promise<string> {
      need(editor, "content.edit");
      if (!isDocumentType(type) || type === "languages") throw new EditingError("not-found");
      if (DOCUMENT_TYPES[type].fixed) throw new EditingError("fixed");
      const slug = (body as { slug?: unknown } | null)?.slug;
      const key = typeof slug === "string" ? slug : "";
      // Whatever else a new draft lacks, it needs its key: its address and the app's id are made from it.
      const keyProblems = slugSchema.safeParse(key).success ? [] : [{ field: "slug", code: key === "" ? "required" : "invalid_format" }];
      const { value, blocking, unfinished } = await checkDraft(type, key, documentBody(type, body, key));
      if (keyProblems.length || blocking.length)
        throw new EditingError("invalid", [
          ...keyProblems,
          ...[...blocking, ...unfinished].filter((p) => !keyProblems.length || p.field !== "slug"),
        ]);
      const taken = FOLDER_TYPES.includes(type)
        ? await Promise.all(FOLDER_TYPES.map((t) => documents.get(t, key)))
        : [await documents.get(type, key)];
      if (taken.some(Boolean)) throw new EditingError("slug-taken", [{ field: "slug", code: "slug-taken" }]);
      const at = now().toISOString();
      await inTransaction(async (trx) => {
        const repo = documentsRepository(trx);
        // One file per place, read back by file name: a new place goes where its slug sorts.
        const position = FOLDER_TYPES.includes(type) ? await repo.makeRoomAt(type, key) : await repo.nextPosition(type);
        if (
          !(await repo.create(
            { type, slug: key, position, body: value, translatedFrom: restamp(undefined, value, {}) },
            at,
            editor.email,
            unfinished.length,
          ))
        )
          throw new EditingError("slug-taken", [{ field: "slug", code: "slug-taken" }]);
        await audit(trx, editor, "content.create", `${type}/${key}`, null, value);
      });
      return key;
    },

    /**
     * Saves a draft over the revision the editor started from. A translator's save may change only the texts
     * of their own languages; anything else is refused, not quietly dropped.
     */
    async save(editor: Editor, type: string, slug: string, revision: number, body: unknown): Promise<number> {
      if (!can(editor.role, "content.edit") && !can(editor.role, "content.translate")) throw new EditingError("forbidden");
      const doc = await found(type, slug);
      // The slug never changes once made (links and the mobile app's ids depend on it), nor what an upload set.
      const next = { ...(documentBody(doc.type, body, slug) as object), ...uploadedFields(doc.type, doc.draft) };
      const changes = changedPaths(doc.draft, next);
      if (!can(editor.role, "content.edit")) {
        const own = writableLanguages(editor);
        const texts = new Set(translatedTexts(doc.draft).map((t) => t.path));
        const outside = changes.filter((c) => {
          const language = c.path.slice(c.path.lastIndexOf(".") + 1);
          return !(own as string[]).includes(language) || !texts.has(c.path.slice(0, c.path.lastIndexOf(".")));
        });
        if (outside.length)
          throw new EditingError(
            "language",
            outside.map((c) => ({ field: c.path, code: "language" })),
          );
      }
      const { value, blocking, unfinished } = await checkDraft(doc.type, slug, next);
      if (blocking.length) throw new EditingError("invalid", [...blocking, ...unfinished]);
      if (changes.length === 0) return doc.revision;
      const at = now().toISOString();
      await inTransaction(async (trx) => {
        const saved = await documentsRepository(trx).saveDraft(
          { type: doc.type, slug, revision },
          value,
          restamp(doc.draft, value, doc.translatedFrom),
          { at, by: editor.email, problems: unfinished.length },
        );
        if (!saved) throw new EditingError("conflict");
        await audit(
          trx,
          editor,
          "content.save",
          `${type}/${slug}`,
          Object.fromEntries(changes.map((c) => [c.path, c.before ?? null])),
          Object.fromEntries(changes.map((c) => [c.path, c.after ?? null])),
        );
      });
      return revision + 1;
    },

    /**
     * Publishes the draft the editor saw. While the two-person rule is on, only an admin may, giving the reason
     * the change cannot wait for review ("publish now", audited with it); everyone else submits it for review.
     */
    async publish(editor: Editor, type: string, slug: string, revision: number, reason = ""): Promise<LoadReport> {
      need(editor, "content.publish");
      const doc = await found(type, slug);
      if (doc.revision !== revision) throw new EditingError("conflict");
      if (!(await reviewRule())) return publishNow(editor, doc, doc.draft, "content.publish");
      if (!can(editor.role, "content.publish-now")) throw new EditingError("review-needed");
      const why = reason.trim();
      if (!why) throw new EditingError("invalid", [{ field: "reason", code: "required" }]);
      if (why.length > REASON_MAX)
        throw new EditingError("invalid", [{ field: "reason", code: "too_big", values: { maximum: REASON_MAX } }]);
      return publishNow(editor, doc, doc.draft, "content.publish-now", { detail: { reason: why } });
    },

    /**
     * A second person's approval: publishes the revision waiting for review, as long as it is still the draft,
     * with the reviewer's note in the same transaction. Nobody approves a change they submitted or last saved.
     */
    async approve(editor: Editor, type: string, slug: string, revision: number, note: string): Promise<LoadReport> {
      need(editor, "content.publish");
      const doc = await found(type, slug);
      if (!doc.review || doc.review.revision !== revision || doc.revision !== revision) throw new EditingError("conflict");
      if (doc.review.by === editor.email || doc.updatedBy === editor.email) throw new EditingError("own-change");
      const body = reviewNote(note, false);
      const at = now().toISOString();
      const also = (trx: Db) => reviewsRepository(trx).addNote(doc, { revision, kind: "approved", author: editor.email, at, body });
      return publishNow(editor, doc, doc.draft, "content.approve", { detail: { submittedBy: doc.review.by }, also });
    },

    async unpublish(editor: Editor, type: string, slug: string, revision: number): Promise<LoadReport> {
      need(editor, "content.publish");
      const doc = await found(type, slug);
      if (DOCUMENT_TYPES[doc.type].fixed) throw new EditingError("fixed");
      if (doc.revision !== revision) throw new EditingError("conflict");
      return publishNow(editor, doc, null, "content.unpublish");
    },

    /** Publishes the current draft at `at` (null cancels); the due ones are published by runSchedule. */
    async schedule(editor: Editor, type: string, slug: string, revision: number, at: Date | null): Promise<void> {
      need(editor, "content.publish");
      const doc = await found(type, slug);
      // A scheduled publication is a publication: while the rule is on, it waits for review like one.
      if (at && (await reviewRule())) throw new EditingError("review-needed");
      if (at && !(at.getTime() > now().getTime())) throw new EditingError("invalid", [{ field: "publishAt", code: "future" }]);
      if (at) await publishable(doc.type, slug, doc.draft);
      await inTransaction(async (trx) => {
        if (!(await documentsRepository(trx).schedule({ type: doc.type, slug, revision }, at?.toISOString() ?? null)))
          throw new EditingError("conflict");
        await audit(
          trx,
          editor,
          "content.schedule",
          `${type}/${slug}`,
          { publishAt: doc.publishAt },
          { publishAt: at?.toISOString() ?? null, revision },
        );
      });
    },

    /**
     * One action on several items of a kind (a selection from the list, at most a page of it): each checked,
     * published and audited on its own, as if its own page's button were pressed, so a refusal stops only that
     * item. What was done, and what was refused and why, with the items' titles.
     */
    async applyToEach(
      editor: Editor,
      type: string,
      intent: BulkIntent,
      items: Array<{ slug: string; revision: number }>,
      at: Date | null,
    ): Promise<BulkOutcome> {
      need(editor, "content.publish");
      if (!isDocumentType(type)) throw new EditingError("not-found");
      if (items.length === 0 || items.length > LIST_PAGE_SIZE)
        throw new EditingError("invalid", [{ field: "item", code: items.length ? "too_big" : "required" }]);
      if (intent === "schedule" && !(at && at.getTime() > now().getTime()))
        throw new EditingError("invalid", [{ field: "publishAt", code: "future" }]);
      const titles = await documents.getMany(
        type,
        items.map((i) => i.slug),
      );
      const outcome: BulkOutcome = { done: [], refused: [] };
      for (const { slug, revision } of items) {
        const title = titleOf(titles.get(slug)?.draft, slug);
        try {
          if (intent === "publish") await this.publish(editor, type, slug, revision);
          else if (intent === "unpublish") await this.unpublish(editor, type, slug, revision);
          else await this.schedule(editor, type, slug, revision, at);
          outcome.done.push({ slug, title });
        } catch (error) {
          if (!isEditingError(error)) throw error;
          outcome.refused.push({ slug, title, code: error.code, problems: error.problems });
        }
      }
      return outcome;
    },

    /** Publishes every scheduled item that is due (the server calls this every few seconds). */
    async runSchedule(): Promise<number> {
      let published = 0;
      for (const doc of await documents.due(now().toISOString())) {
        try {
          await publishNow(null, doc, doc.draft, "content.publish");
          published++;
        } catch (error) {
          // Another instance published it first, or it no longer fits the content: leave it to an editor.
          if (!isEditingError(error)) throw error;
          await inTransaction(async (trx) => {
            await documentsRepository(trx).schedule(doc, null);
            await audit(
              trx,
              null,
              "content.schedule-failed",
              `${doc.type}/${doc.slug}`,
              { publishAt: doc.publishAt },
              { problem: error.code },
            );
          });
        }
      }
      return published;
    },

    /**
     * Checks the drafts whose problems are not known yet (a caption added, an item restored from the trash, a
     * draft from before migration 017), a batch at a time, so the list can filter by them; how many it checked.
     */
    async checkUnchecked(batch = 50): Promise<number> {
      const rows = await documents.unchecked(batch);
      for (const doc of rows) {
        // (Every stored type is a document type; one that is not has nothing to check, and must not be read again.)
        const { blocking, unfinished } = isDocumentType(doc.type)
          ? await checkDraft(doc.type, doc.slug, doc.draft)
          : { blocking: [], unfinished: [] };
        await documents.setProblems(doc, blocking.length + unfinished.length);
      }
      return rows.length;
    },

    /** Checks for due publications (and drafts to check) every few seconds until the returned function is called. */
    startSchedule(onError: (error: unknown) => void, everyMs = SCHEDULE_CHECK_MS): () => void {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        this.runSchedule()
          .then(() => this.checkUnchecked())
          .catch(onError)
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
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
      const rows = items.flatMap((doc) =>
        languages.flatMap((language) => {
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
          return [
            {
              type: doc.type as DocumentType,
              slug: doc.slug,
              title: titleOf(doc.draft, doc.slug, filter.viewer),
              language,
              missing,
              outdated,
            },
          ];
        }),
      );
      return { languages: visible.filter((l) => l !== "en"), rows, total, pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) };
    },

    /**
     * Runs `work` on the public site as it would be with this item's draft published (the preview): written as
     * its publish would write it (one place, or the site's few items), in a transaction that is always rolled
     * back; never a copy of the site.
     */
    async withDraftPublished<T>(editor: Editor, type: string, slug: string, work: (site: DatabaseHandle) => Promise<T>): Promise<T> {
      need(editor, "content.read");
      const doc = await found(type, slug);
      // The public pages show only a whole item: a half-written one is told what it still lacks instead.
      await publishable(doc.type, slug, doc.draft);
      const draft = async (repo: DocumentsRepository) => {
        await repo.setPublished(doc, doc.draft, now().toISOString());
      };
      // A video's preview shows the place it is now for, whichever it was published with.
      const target = await placeTarget(
        documents,
        withReferences,
        doc.type,
        doc.type === "video" ? { slug, published: null } : doc,
        doc.draft,
      );
      if (target) return withPlaceDrafted(d.handle, d.image, target.item, target.place, draft, work);
      if (publishedWithSite(doc.type)) return withSiteDrafted(d.handle, d.image, doc, draft, work);
      throw new EditingError("not-found");
    },

    /** Refuses (unfinished, with every problem) a draft that could not be published as it is. */
    async checkPublishable(editor: Editor, type: string, slug: string): Promise<void> {
      need(editor, "content.read");
      const doc = await found(type, slug);
      await publishable(doc.type, slug, doc.draft);
    },

    /** Whether the documents exist yet (a database made before the workspace has only its public tables). */
    async hasDocuments(): Promise<boolean> {
      return (await documents.count()) > 0;
    },
  };
}
export type EditingService = ReturnType<typeof editingService>;
