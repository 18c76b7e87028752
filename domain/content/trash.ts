// Deleting content: an item nothing refers to is taken off the site (when it is on it) and moved to the trash,
// where it stays 30 days to be restored, then is purged. An item something refers to is not deleted, and the
// editor is told what refers to it. Each step is audited in the transaction that makes it. (The media library's
// photographs and videos have their own delete, which also removes their files: pictures.ts and videos.ts.)
import type { RepositoryAccess } from "../../db/repositories/repositories.ts";
import { can } from "../workspace/roles.ts";
import { auditEntry } from "../workspace/audit-actions.ts";
import { DOCUMENT_TYPES, FOLDER_TYPES, isDocumentType, referencesOf, referringTypes, type DocumentType } from "./documents.ts";
import { EditingError, type Editor, type EditingService, needPermission } from "./editing.ts";
import { repeatEvery } from "../repeat.ts";

/** How long a deleted item can be restored. */
export const TRASH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TRASH_PAGE_SIZE = 50;
const PURGE_CHECK_MS = 60 * 60 * 1000;
/** What the refusal names of what refers to an item: enough to act on, never a list of thousands. */
const REFERRERS_SHOWN = 20;

/** Kinds deleted here: not the fixed sets, and not the library's files (deleted with their files elsewhere). */
export function isDeletable(type: string): type is DocumentType {
  return isDocumentType(type) && !DOCUMENT_TYPES[type].fixed && type !== "picture" && type !== "video";
}

export function trashService(d: RepositoryAccess & { editing: EditingService; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  const { documents, trash } = d.repos;

  const need = (editor: Editor) => needPermission(editor, "content.edit");

  /** The items whose draft or published body names this one (and a place's own media list). */
  async function referrers(type: DocumentType, slug: string): Promise<Array<{ type: string; slug: string }>> {
    const found = (await documents.mentioning(slug, referringTypes(type))).filter(
      (r) =>
        !(r.type === type && r.slug === slug) &&
        [r.draft, r.published].some(
          (body) =>
            body !== null && referencesOf(r.type as DocumentType, body).some((ref) => ref.slug === slug && ref.types.includes(type)),
        ),
    );
    // A place's media list (its sign-language video, its tour) is kept by the place's slug.
    const media = FOLDER_TYPES.includes(type) ? await documents.get("media", slug) : undefined;
    return [...(media ? [media] : []), ...found].map((r) => ({ type: r.type, slug: r.slug }));
  }

  return {
    /**
     * Deletes the revision the editor saw: off the site first when it is on it, then into the trash. Refused,
     * naming them, while anything refers to it.
     */
    async remove(editor: Editor, type: string, slug: string, revision: number): Promise<void> {
      need(editor);
      if (!isDeletable(type)) throw new EditingError(isDocumentType(type) && DOCUMENT_TYPES[type].fixed ? "fixed" : "not-found");
      const doc = await documents.get(type, slug);
      if (!doc) throw new EditingError("not-found");
      if (doc.revision !== revision) throw new EditingError("conflict");
      const using = await referrers(type, slug);
      if (using.length)
        throw new EditingError(
          "referred",
          using.slice(0, REFERRERS_SHOWN).map((r) => ({ field: `${r.type}/${r.slug}`, code: "refers", values: { total: using.length } })),
        );
      // Taken off the site as an editor's unpublish is (the search forgets it, its pages answer 404).
      if (doc.published !== null) await d.editing.unpublish(editor, type, slug, revision);
      await d.transact(async (tx) => {
        const id = await tx.trash.moveIn({ type, slug, revision }, now().toISOString(), editor.email);
        if (id === null) throw new EditingError("conflict");
        await tx.audit.append(auditEntry(now(), editor, "content.delete", `${type}/${slug}`, { revision }, { trash: id }));
      });
    },

    /** One page of the trash, with the day each item will be purged. */
    async page(editor: Editor, page: number) {
      if (!can(editor.role, "content.read")) throw new EditingError("forbidden");
      const { items, total } = await trash.page(page, TRASH_PAGE_SIZE);
      return {
        items: items.map((item) => ({ ...item, purgeAt: new Date(Date.parse(item.deletedAt) + TRASH_DAYS * DAY_MS).toISOString() })),
        total,
        pages: Math.max(1, Math.ceil(total / TRASH_PAGE_SIZE)),
      };
    },

    /** Brings an item back as a draft, off the site: its address is the editor's to publish again. */
    async restore(editor: Editor, id: number): Promise<{ type: string; slug: string }> {
      need(editor);
      // A posted id that is not one (a hand-made request) names nothing in the trash.
      if (!Number.isSafeInteger(id) || id < 1) throw new EditingError("not-found");
      return d.transact(async (tx) => {
        const item = await tx.trash.takeOut(id);
        if (!item) throw new EditingError("not-found");
        const repo = tx.documents;
        // Another item may have taken its slug meanwhile: that one stays, and this one stays in the trash.
        const taken = FOLDER_TYPES.includes(item.type as DocumentType)
          ? (await Promise.all(FOLDER_TYPES.map((t) => repo.get(t, item.slug)))).some(Boolean)
          : Boolean(await repo.get(item.type, item.slug));
        if (taken) throw new EditingError("slug-taken", [{ field: "slug", code: "slug-taken" }]);
        const position = FOLDER_TYPES.includes(item.type as DocumentType)
          ? await repo.makeRoomAt(item.type, item.slug)
          : await repo.nextPosition(item.type);
        const at = now().toISOString();
        await repo.create(
          { type: item.type, slug: item.slug, position, body: item.draft, translatedFrom: item.translatedFrom },
          at,
          editor.email,
          // What it lacks may have changed in its days in the trash: checked afresh (editing.checkUnchecked).
          null,
        );
        await tx.audit.append(auditEntry(now(), editor, "content.restore", `${item.type}/${item.slug}`, { trash: id }, null));
        return { type: item.type, slug: item.slug };
      });
    },

    /** Purges what was deleted more than 30 days ago; the schedule's timer calls this. */
    async purge(): Promise<number> {
      const before = new Date(now().getTime() - TRASH_DAYS * DAY_MS).toISOString();
      let purged = 0;
      for (const item of await trash.deletedBefore(before)) {
        await d.transact(async (tx) => {
          if (!(await tx.trash.purge(item.id))) return;
          // Gone for good: its versions too (a new item may take its slug).
          await tx.versions.forget(item.type, item.slug);
          await tx.audit.append(
            auditEntry(now(), null, "content.purge", `${item.type}/${item.slug}`, { trash: item.id, deletedAt: item.deletedAt }, null),
          );
          purged++;
        });
      }
      return purged;
    },

    /** Purges now and every hour; returns the stop. */
    startPurge(onError: (error: unknown) => void): () => void {
      return repeatEvery(PURGE_CHECK_MS, () => this.purge(), onError);
    },
  };
}
export type TrashService = ReturnType<typeof trashService>;
