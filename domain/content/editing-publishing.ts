// Putting drafts on the site and taking items off it: at once, after a second person's review, at a scheduled
// time, or several at a time; and the preview of a draft as its publish would show it.
import type { DatabaseHandle } from "../../db/engine.ts";
import { titleOf } from "../../db/repositories/document-columns.ts";
import type { DocumentRow } from "../../db/repositories/documents.ts";
import type { BulkIntent } from "../../shared/content-list.ts";
import type { AuditAction } from "../workspace/audit-actions.ts";
import { can } from "../workspace/roles.ts";
import { DOCUMENT_TYPES, isDocumentType, type DocumentType } from "./documents.ts";
import { changedPaths } from "./draft-changes.ts";
import type { EditingContext, EditingRepositories } from "./editing.ts";
import { foundDocument } from "./editing-reads.ts";
import {
  EditingError,
  isEditingError,
  LIST_PAGE_SIZE,
  needPermission as need,
  reviewNote,
  type BulkOutcome,
  type Editor,
} from "./editing-rules.ts";
import type { LoadReport } from "./load.ts";
import { ContentProblemsError } from "./publishing.ts";
import { placeTarget } from "./publish-targets.ts";
import { publishedWithSite } from "./site-publishing.ts";

/** The longest reason an admin may give for publishing without review. */
const REASON_MAX = 500;

type PublishOptions = { detail?: Record<string, unknown>; also?: (repos: EditingRepositories) => Promise<void> };
export type PublishNow = (
  editor: Editor | null,
  doc: DocumentRow,
  body: unknown | null,
  action: AuditAction,
  options?: PublishOptions,
) => Promise<LoadReport>;

/** The fields a body changes from the item's last version (none for its first): kept with the version (migration 029). */
async function changedFromLast(repos: EditingRepositories, doc: { type: string; slug: string }, body: unknown): Promise<string[]> {
  const last = await repos.versions.newest(doc.type, doc.slug);
  return last ? changedPaths(last.body, body).map((c) => c.path) : [];
}

export function editingPublishing(ctx: EditingContext) {
  const { documents, checks } = ctx;

  /** Whether a change is published only once a second person has reviewed it (the site setting, decision 031). */
  async function reviewRule(): Promise<boolean> {
    return (await ctx.settings()).reviewBeforePublish;
  }

  /**
   * Puts the draft (`body`) on the site, or takes the item off it (null), with its audit entry (`detail` added to
   * what it records) and whatever else belongs to the same change (`also`, such as a reviewer's note) in the
   * publish's transaction.
   */
  const publishNow: PublishNow = async (editor, doc, body, action, { detail = {}, also } = {}) => {
    const at = ctx.now().toISOString();
    const type = doc.type as DocumentType;
    // A draft is stored half-written; only a whole one goes on the site (the schedule's too).
    if (body !== null) body = await checks.publishable(type, doc.slug, body);
    const change = async (repos: EditingRepositories) => {
      if (!(await repos.documents.setPublished(doc, body, at))) return false;
      // What the site shows from now on is kept as the item's next version (decision 027).
      const version =
        body === null ? null : await repos.versions.add(doc, body, at, editor?.email ?? null, await changedFromLast(repos, doc, body));
      await ctx.audit(
        repos,
        editor,
        action,
        `${doc.type}/${doc.slug}`,
        { revision: doc.revision, published: doc.publishedAt },
        { revision: doc.revision, at, ...(version ? { version } : {}), ...detail },
      );
      await also?.(repos);
      return true;
    };
    try {
      // A place (or a part of one) costs what it costs (publish-targets.ts); the few items many others name, the whole site.
      const target = await placeTarget(documents, checks.withReferences, type, doc, body);
      const report = target
        ? await ctx.publishing.place(target.item, target.place, change, { now: at, problems: target.problems })
        : publishedWithSite(type)
          ? await ctx.publishing.site({ type, slug: doc.slug }, change, { now: at })
          : await ctx.publishing.whole(change, {
              candidate: body === null ? undefined : (await checks.withDraft(type, doc.slug, body)).files,
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
  };

  /**
   * Publishes the draft the editor saw. While the two-person rule is on, only an admin may, giving the reason
   * the change cannot wait for review ("publish now", audited with it); everyone else submits it for review.
   */
  async function publish(editor: Editor, type: string, slug: string, revision: number, reason = ""): Promise<LoadReport> {
    need(editor, "content.publish");
    const doc = await foundDocument(ctx, type, slug);
    if (doc.revision !== revision) throw new EditingError("conflict");
    if (!(await reviewRule())) return publishNow(editor, doc, doc.draft, "content.publish");
    if (!can(editor.role, "content.publish-now")) throw new EditingError("review-needed");
    const why = reason.trim();
    if (!why) throw new EditingError("invalid", [{ field: "reason", code: "required" }]);
    if (why.length > REASON_MAX) throw new EditingError("invalid", [{ field: "reason", code: "too_big", values: { maximum: REASON_MAX } }]);
    return publishNow(editor, doc, doc.draft, "content.publish-now", { detail: { reason: why } });
  }

  async function unpublish(editor: Editor, type: string, slug: string, revision: number): Promise<LoadReport> {
    need(editor, "content.publish");
    const doc = await foundDocument(ctx, type, slug);
    if (DOCUMENT_TYPES[doc.type].fixed) throw new EditingError("fixed");
    if (doc.revision !== revision) throw new EditingError("conflict");
    return publishNow(editor, doc, null, "content.unpublish");
  }

  /** Publishes the current draft at `at` (null cancels); the due ones are published by runSchedule. */
  async function schedule(editor: Editor, type: string, slug: string, revision: number, at: Date | null): Promise<void> {
    need(editor, "content.publish");
    const doc = await foundDocument(ctx, type, slug);
    // A scheduled publication is a publication: while the rule is on, it waits for review like one.
    if (at && (await reviewRule())) throw new EditingError("review-needed");
    if (at && !(at.getTime() > ctx.now().getTime())) throw new EditingError("invalid", [{ field: "publishAt", code: "future" }]);
    if (at) await checks.publishable(doc.type, slug, doc.draft);
    await ctx.transact(async (repos) => {
      if (!(await repos.documents.schedule({ type: doc.type, slug, revision }, at?.toISOString() ?? null)))
        throw new EditingError("conflict");
      await ctx.audit(
        repos,
        editor,
        "content.schedule",
        `${type}/${slug}`,
        { publishAt: doc.publishAt },
        { publishAt: at?.toISOString() ?? null, revision },
      );
    });
  }

  const actions = {
    publish,
    unpublish,
    schedule,

    /**
     * A second person's approval: publishes the revision waiting for review, as long as it is still the draft,
     * with the reviewer's note in the same transaction. Nobody approves a change they submitted or last saved.
     */
    async approve(editor: Editor, type: string, slug: string, revision: number, note: string): Promise<LoadReport> {
      need(editor, "content.publish");
      const doc = await foundDocument(ctx, type, slug);
      if (!doc.review || doc.review.revision !== revision || doc.revision !== revision) throw new EditingError("conflict");
      if (doc.review.by === editor.email || doc.updatedBy === editor.email) throw new EditingError("own-change");
      const body = reviewNote(note, false);
      const at = ctx.now().toISOString();
      const also = (repos: EditingRepositories) =>
        repos.reviews.addNote(doc, { revision, kind: "approved", author: editor.email, at, body });
      return publishNow(editor, doc, doc.draft, "content.approve", { detail: { submittedBy: doc.review.by }, also });
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
      if (intent === "schedule" && !(at && at.getTime() > ctx.now().getTime()))
        throw new EditingError("invalid", [{ field: "publishAt", code: "future" }]);
      const titles = await documents.getMany(
        type,
        items.map((i) => i.slug),
      );
      const outcome: BulkOutcome = { done: [], refused: [] };
      for (const { slug, revision } of items) {
        const title = titleOf(titles.get(slug)?.draft, slug);
        try {
          if (intent === "publish") await publish(editor, type, slug, revision);
          else if (intent === "unpublish") await unpublish(editor, type, slug, revision);
          else await schedule(editor, type, slug, revision, at);
          outcome.done.push({ slug, title });
        } catch (error) {
          if (!isEditingError(error)) throw error;
          outcome.refused.push({ slug, title, code: error.code, problems: error.problems });
        }
      }
      return outcome;
    },

    /**
     * Runs `work` on the public site as it would be with this item's draft published (the preview): written as
     * its publish would write it (one place, or the site's few items), in a transaction that is always rolled
     * back; never a copy of the site.
     */
    async withDraftPublished<T>(editor: Editor, type: string, slug: string, work: (site: DatabaseHandle) => Promise<T>): Promise<T> {
      need(editor, "content.read");
      const doc = await foundDocument(ctx, type, slug);
      // The public pages show only a whole item: a half-written one is told what it still lacks instead.
      await checks.publishable(doc.type, slug, doc.draft);
      const draft = async (repo: EditingRepositories["documents"]) => {
        await repo.setPublished(doc, doc.draft, ctx.now().toISOString());
      };
      // A video's preview shows the place it is now for, whichever it was published with.
      const target = await placeTarget(
        documents,
        checks.withReferences,
        doc.type,
        doc.type === "video" ? { slug, published: null } : doc,
        doc.draft,
      );
      if (target) return ctx.publishing.previewPlace(target.item, target.place, draft, work);
      if (publishedWithSite(doc.type)) return ctx.publishing.previewSite(doc, draft, work);
      throw new EditingError("not-found");
    },

    /** Refuses (unfinished, with every problem) a draft that could not be published as it is. */
    async checkPublishable(editor: Editor, type: string, slug: string): Promise<void> {
      need(editor, "content.read");
      const doc = await foundDocument(ctx, type, slug);
      await checks.publishable(doc.type, slug, doc.draft);
    },
  };
  return { publishNow, actions };
}
