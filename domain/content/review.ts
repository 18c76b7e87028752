// The two-person rule around publishing (decision 031): an editor submits a change for review (for anyone, or
// for a named reviewer); another editor or an admin approves and publishes it (editing.approve, in the publish's
// transaction) or sends it back with a comment; everyone who writes may comment. Every note is kept on the item.
// A reviewer without an account can be sent a private link to the draft: one item, read-only, 48 hours unless
// revoked first, its opening audited.
import { createHash, randomBytes } from "node:crypto";
import type { DocumentRow } from "../../db/repositories/documents.ts";
import type { Repositories, RepositoryAccess } from "../../db/repositories/repositories.ts";
import { isDocumentType } from "./documents.ts";
import type { ReviewLink, ReviewNote } from "../../db/repositories/reviews.ts";
import { auditEntry, type AuditAction } from "../workspace/audit-actions.ts";
import { can } from "../workspace/roles.ts";
import { EditingError, needPermission, reviewNote, type Editor, type EditingService } from "./editing.ts";

/** What an item's page shows of its notes: the latest. */
const NOTES_SHOWN = 100;
/** How long an outside reviewer's link opens the draft. */
export const REVIEW_LINK_HOURS = 48;
/** The links one item may have open at once. */
const OPEN_LINKS_MAX = 10;

const HOUR_MS = 60 * 60 * 1000;
const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Where an outside reviewer's link points: /review/{token}, answered by server/pages.ts. */
export const REVIEW_PREFIX = "/review/";

/** Who reads a draft through an outside reviewer's link: nobody's account, allowed to read, named by the link's maker. */
export const reviewLinkReader = (createdBy: string): Editor => ({ id: "review-link", email: createdBy, role: "viewer", languages: "" });

/** What an outside reviewer's link opens, when it still does. */
type OpenedLink = { type: string; slug: string; createdBy: string };

export function reviewService(d: RepositoryAccess & { editing: EditingService; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  const { documents, reviews, accounts, audit } = d.repos;
  const need = needPermission;

  async function found(type: string, slug: string): Promise<DocumentRow> {
    const doc = isDocumentType(type) && type !== "languages" ? await documents.get(type, slug) : undefined;
    if (!doc) throw new EditingError("not-found");
    return doc;
  }

  /** Writes the change, its note and its audit entry at once: a refusal leaves nothing half-written. */
  async function recorded(
    editor: Editor,
    doc: DocumentRow,
    action: AuditAction,
    note: Omit<ReviewNote, "id" | "author" | "at"> | null,
    change: (tx: Repositories, at: string) => Promise<boolean>,
    after: Record<string, unknown> = {},
  ): Promise<void> {
    const at = now().toISOString();
    await d.transact(async (tx) => {
      if (!(await change(tx, at))) throw new EditingError("conflict");
      if (note) await tx.reviews.addNote(doc, { ...note, author: editor.email, at });
      await tx.audit.append(auditEntry(now(), editor, action, `${doc.type}/${doc.slug}`, null, { ...after, ...(note ?? {}) }));
    });
  }

  return {
    /** Who a change may be submitted to: the other accounts that may publish. */
    async reviewers(editor: Editor): Promise<string[]> {
      need(editor, "content.read");
      const all = await accounts.all();
      return all.filter((a) => a.email !== editor.email && can(a.role, "content.publish")).map((a) => a.email);
    },

    /**
     * Submits the draft the editor saw for review, for a named reviewer or (none) any other editor. It must be
     * whole: a reviewer is never asked to approve what could not be published.
     */
    async submit(editor: Editor, type: string, slug: string, revision: number, reviewer: string, text: string): Promise<void> {
      need(editor, "content.translate");
      const doc = await found(type, slug);
      if (doc.revision !== revision) throw new EditingError("conflict");
      const body = reviewNote(text, false);
      const named = reviewer.trim() || null;
      if (named && !(await this.reviewers(editor)).includes(named))
        throw new EditingError("invalid", [{ field: "reviewer", code: "invalid_value" }]);
      await d.editing.checkPublishable(editor, type, slug);
      await recorded(
        editor,
        doc,
        "content.submit",
        { revision, kind: "submitted", body },
        (tx, at) => tx.reviews.submit({ type: doc.type, slug, revision }, editor.email, named, at),
        { reviewer: named },
      );
    },

    /** Sends the waiting change back to its author with what to fix (required); nobody sends back their own. */
    async sendBack(editor: Editor, type: string, slug: string, revision: number, text: string): Promise<void> {
      need(editor, "content.publish");
      const doc = await found(type, slug);
      if (!doc.review || doc.review.revision !== revision) throw new EditingError("conflict");
      if (doc.review.by === editor.email) throw new EditingError("own-change");
      const body = reviewNote(text, true);
      await recorded(
        editor,
        doc,
        "content.return",
        { revision, kind: "returned", body },
        (tx) => tx.reviews.settle({ type: doc.type, slug, revision }),
        { submittedBy: doc.review.by },
      );
    },

    /** A comment on the item, kept with its author and time. */
    async comment(editor: Editor, type: string, slug: string, text: string): Promise<void> {
      need(editor, "content.translate");
      const doc = await found(type, slug);
      const body = reviewNote(text, true);
      await recorded(editor, doc, "content.comment", { revision: doc.revision, kind: "comment", body }, async () => true);
    },

    /** What was said of the item, the oldest first. */
    async notes(editor: Editor, type: string, slug: string): Promise<ReviewNote[]> {
      need(editor, "content.read");
      return reviews.notes({ type, slug }, NOTES_SHOWN);
    },

    /** The changes waiting for review, the longest waiting first. */
    async waiting(editor: Editor, limit = 20) {
      need(editor, "content.read");
      return reviews.waiting(limit);
    },

    /** The latest publishes made without review (an admin's "publish now"), with who, when and why. */
    async publishedNow(editor: Editor, limit = 10) {
      need(editor, "content.read");
      const entries = await audit.list({ action: "content.publish-now", limit, offset: 0 });
      return entries.map((e) => ({
        target: e.target,
        at: e.at,
        by: e.actorEmail,
        reason: String((e.after as { reason?: unknown })?.reason ?? ""),
      }));
    },

    /** The item's outside reviewers' links still open. */
    async links(editor: Editor, type: string, slug: string): Promise<ReviewLink[]> {
      need(editor, "content.read");
      return reviews.openLinks({ type, slug }, now().toISOString());
    },

    /** A new private link to the item's draft; its token, shown once (only its hash is kept). */
    async createLink(editor: Editor, type: string, slug: string): Promise<{ token: string; expiresAt: string }> {
      need(editor, "content.edit");
      const doc = await found(type, slug);
      if ((await reviews.openLinks(doc, now().toISOString())).length >= OPEN_LINKS_MAX)
        throw new EditingError("invalid", [{ field: "link", code: "too_big", values: { maximum: OPEN_LINKS_MAX } }]);
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now().getTime() + REVIEW_LINK_HOURS * HOUR_MS).toISOString();
      const id = hashOf(token);
      await recorded(
        editor,
        doc,
        "content.review-link",
        null,
        async (tx, at) => {
          await tx.reviews.addLink({ id, type: doc.type, slug, createdBy: editor.email, createdAt: at, expiresAt });
          return true;
        },
        { link: id.slice(0, 8), expiresAt },
      );
      return { token, expiresAt };
    },

    async revokeLink(editor: Editor, type: string, slug: string, id: string): Promise<void> {
      need(editor, "content.edit");
      const doc = await found(type, slug);
      await recorded(editor, doc, "content.review-link-revoke", null, (tx, at) => tx.reviews.revoke(doc, id, at), {
        link: id.slice(0, 8),
      });
    },

    /** The item an outside reviewer's token opens (audited), or undefined when it never did, has expired or was revoked. */
    async openLink(token: string): Promise<OpenedLink | undefined> {
      const link = token.length === 43 ? await reviews.link(hashOf(token)) : undefined;
      const at = now();
      if (!link || link.revokedAt !== null || link.expiresAt <= at.toISOString()) return undefined;
      await audit.append(
        auditEntry(at, null, "content.review-link-open", `${link.type}/${link.slug}`, null, {
          link: link.id.slice(0, 8),
          createdBy: link.createdBy,
        }),
      );
      return { type: link.type, slug: link.slug, createdBy: link.createdBy };
    },
  };
}
export type ReviewService = ReturnType<typeof reviewService>;
