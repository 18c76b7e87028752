// What the media library's two kinds of item (a `picture`, a `video`) share as editors use them: an upload's
// texts are checked before its bytes are stored, a stored file is taken back when its document cannot be
// made, and a deleted item's document goes before its files.
import type { RepositoryAccess } from "../../db/repositories/repositories.ts";
import { can } from "../workspace/roles.ts";
import { auditEntry, type AuditAction } from "../workspace/audit-actions.ts";
import type { MediaLibrary } from "../media/library.ts";
import { creditsToConfirm, type CreditToConfirm } from "./checks.ts";
import type { DocumentType } from "./documents.ts";
import { EditingError, needPermission, type Editor, type EditingService } from "./editing.ts";
import { schemaProblems } from "./draft-checks.ts";

/** An upload's form fields, before they are checked. */
export type UploadDetails = Record<string, unknown> & { slug?: unknown };

export function libraryItems(d: RepositoryAccess & { editing: EditingService; library: MediaLibrary; now: () => Date }) {
  const { documents } = d.repos;
  const audit = (editor: Editor, action: AuditAction, target: string, before: unknown, after: unknown) =>
    d.repos.audit.append(auditEntry(d.now(), editor, action, target, before, after));

  return {
    documents,
    audit,

    need(editor: Editor, permission: "content.read" | "content.edit" | "content.translate" = "content.edit") {
      needPermission(editor, permission);
    },

    /**
     * An upload's texts checked by the type's schema, with `stored` standing in for what its bytes will give;
     * said now, not after the file has been read and stored (create would say it too), with the slug's use.
     */
    async checkNew(type: DocumentType, details: UploadDetails, stored: Record<string, unknown>): Promise<{ slug: string; texts: object }> {
      const slug = typeof details.slug === "string" ? details.slug : "";
      const texts = schemaProblems(type, { ...details, ...stored });
      if (texts.problems.length) throw new EditingError("invalid", texts.problems);
      if (await documents.get(type, slug)) throw new EditingError("slug-taken", [{ field: "slug", code: "slug-taken" }]);
      return { slug, texts: texts.value as object };
    },

    /** The type's items (as drafted) whose credit is still to be confirmed at its source, for the dashboard. */
    async toConfirm(editor: Editor, type: "picture" | "video"): Promise<CreditToConfirm[]> {
      if (!can(editor.role, "content.read")) throw new EditingError("forbidden");
      const drafts = (await documents.list(type)).map((r) => ({ ...(r.draft as CreditToConfirm), slug: r.slug }));
      return creditsToConfirm(type === "picture" ? { pictures: drafts, videos: [] } : { pictures: [], videos: drafts });
    },

    /** Makes the item's document from its stored files; when it cannot be made, the files go again. */
    async create(editor: Editor, type: DocumentType, body: object, files: string[]): Promise<void> {
      try {
        await d.editing.create(editor, type, body);
      } catch (error) {
        for (const file of files) await d.library.remove(file);
        throw error;
      }
    },

    /** Deletes an item's document (at the revision the editor saw), then every file it and its published form name. */
    async remove(editor: Editor, type: DocumentType, slug: string, revision: number, filesOf: (body: unknown) => string[]) {
      const doc = await documents.get(type, slug);
      if (!doc) throw new EditingError("not-found");
      await d.transact(async (tx) => {
        if (!(await tx.documents.remove({ type, slug, revision }))) throw new EditingError("conflict");
        await tx.audit.append(auditEntry(d.now(), editor, "media.delete", `${type}/${slug}`, doc.draft));
      });
      // The files go once the document is gone: a page being made meanwhile still finds them.
      for (const file of new Set([...filesOf(doc.draft), ...(doc.published ? filesOf(doc.published) : [])])) await d.library.remove(file);
    },
  };
}
