// The media library as editors use it: an upload becomes a photograph of the library (its file in the store,
// its texts and credit a `picture` document, edited, translated and published like any content), and a
// photograph nothing shows can be deleted. Everything is checked before anything is kept, so a refused
// upload leaves nothing behind.
import type { DatabaseHandle } from "../../db/engine.ts";
import { auditRepository } from "../../db/repositories/audit.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";
import { can } from "../workspace/roles.ts";
import { auditEntry } from "../workspace/audit-actions.ts";
import type { MediaLibrary } from "../media/library.ts";
import { pictureUses } from "./checks.ts";
import { filesFromDocuments, type ContentDocument, type DocumentType } from "./documents.ts";
import { EditingError, schemaProblems, type Editor, type EditingService } from "./editing.ts";

/** Stands for the file while the texts are checked, before the upload is stored. */
const NOT_YET_STORED = "not-yet-stored.jpg";

export type PictureDetails = Record<string, unknown> & { slug?: unknown };

export function picturesService(d: { handle: DatabaseHandle; editing: EditingService; library: MediaLibrary; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  const documents = documentsRepository(d.handle.db);

  function need(editor: Editor) {
    if (!can(editor.role, "content.edit")) throw new EditingError("forbidden");
  }

  /** Every item, in its draft and its published form, that shows the photograph. */
  async function usesOf(slug: string) {
    const rows = await documents.list();
    const asDocs = (which: "draft" | "published"): ContentDocument[] =>
      rows
        .filter((r) => r[which] !== null)
        .map((r) => ({ type: r.type as DocumentType, slug: r.slug, position: r.position, body: r[which] }));
    const uses = [...pictureUses(filesFromDocuments(asDocs("draft")).files), ...pictureUses(filesFromDocuments(asDocs("published")).files)];
    const seen = new Set<string>();
    return uses.filter((u) => {
      const key = `${u.type}/${u.slug}.${u.field}`;
      if (u.picture !== slug || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  return {
    /**
     * Takes an upload into the library as a new photograph: its texts are checked first, then its bytes (by
     * the library), then it is stored and its document made. On any refusal nothing is kept.
     */
    async upload(editor: Editor, bytes: Uint8Array, details: PictureDetails): Promise<string> {
      need(editor);
      const slug = typeof details.slug === "string" ? details.slug : "";
      const texts = schemaProblems("picture", { ...details, file: NOT_YET_STORED });
      if (texts.problems.length) throw new EditingError("invalid", texts.problems);
      // Said now, not after the photograph has been encoded and stored (create would say it too).
      if (await documents.get("picture", slug)) throw new EditingError("slug-taken", [{ field: "slug", code: "slug-taken" }]);
      const { file } = await d.library.addImage(slug, bytes);
      try {
        await d.editing.create(editor, "picture", { ...(texts.value as object), file });
      } catch (error) {
        await d.library.remove(file);
        throw error;
      }
      await auditRepository(d.handle.db).append(
        auditEntry(now(), editor, "media.upload", `picture/${slug}`, null, { file, bytes: bytes.length }),
      );
      return slug;
    },

    /** Where a photograph is shown (drafts included): what must change before it can be deleted. */
    uses: usesOf,

    /** Deletes a photograph nothing shows, with its files; otherwise refuses and lists where it is used. */
    async remove(editor: Editor, slug: string, revision: number): Promise<void> {
      need(editor);
      const doc = await documents.get("picture", slug);
      if (!doc) throw new EditingError("not-found");
      const uses = await usesOf(slug);
      if (uses.length)
        throw new EditingError(
          "in-use",
          uses.map((u) => ({ field: `${u.type}/${u.slug}.${u.field}`, code: "in-use" })),
        );
      const file = (doc.draft as { file: string }).file;
      const published = (doc.published as { file?: string } | null)?.file;
      await d.handle.db.transaction().execute(async (trx) => {
        if (!(await documentsRepository(trx).remove({ type: "picture", slug, revision }))) throw new EditingError("conflict");
        await auditRepository(trx).append(auditEntry(now(), editor, "media.delete", `picture/${slug}`, doc.draft));
      });
      // The files go once the document is gone: a page being made meanwhile still finds them.
      for (const name of new Set([file, published].filter((x): x is string => !!x))) await d.library.remove(name);
    },

    /** The library's photographs with a small picture of each, newest position last. */
    async list(editor: Editor) {
      if (!can(editor.role, "content.read")) throw new EditingError("forbidden");
      const rows = await documents.list("picture");
      return Promise.all(
        rows.map(async (r) => {
          const body = r.draft as { file: string; credit: string; licence: string; alt: { en: string } };
          const image = await d.library.image(body.file).catch(() => undefined);
          const thumb = image?.variants.find((v) => v.format === "webp") ?? image?.variants[0];
          return {
            slug: r.slug,
            revision: r.revision,
            published: r.published !== null,
            alt: body.alt.en,
            credit: body.credit,
            licence: body.licence,
            thumb: thumb ? { src: thumb.src, width: thumb.width, height: thumb.height } : null,
          };
        }),
      );
    },
  };
}
export type PicturesService = ReturnType<typeof picturesService>;
