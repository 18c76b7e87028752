// The media library as editors use it: an upload becomes a photograph of the library (its file in the store,
// its texts and credit a `picture` document, edited, translated and published like any content), and a
// photograph nothing shows can be deleted. Everything is checked before anything is kept, so a refused
// upload leaves nothing behind.
import type { RepositoryAccess } from "../../db/repositories/repositories.ts";
import type { MediaLibrary } from "../media/library.ts";
import { pictureUses } from "./checks.ts";
import { filesFromDocuments, type ContentDocument, type DocumentType } from "./documents.ts";
import { EditingError, type Editor, type EditingService } from "./editing.ts";
import { libraryItems, type UploadDetails } from "./library-items.ts";

/** Stands for the file while the texts are checked, before the upload is stored. */
const NOT_YET_STORED = "not-yet-stored.jpg";

export function picturesService(d: RepositoryAccess & { editing: EditingService; library: MediaLibrary; now?: () => Date }) {
  const items = libraryItems({ ...d, now: d.now ?? (() => new Date()) });
  const { documents } = items;

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
    async upload(editor: Editor, bytes: Uint8Array, details: UploadDetails): Promise<string> {
      items.need(editor);
      const { slug, texts } = await items.checkNew("picture", details, { file: NOT_YET_STORED });
      const { file } = await d.library.addImage(slug, bytes);
      await items.create(editor, "picture", { ...texts, file }, [file]);
      await items.audit(editor, "media.upload", `picture/${slug}`, null, { file, bytes: bytes.length });
      return slug;
    },

    /** The photographs whose credit is still to be confirmed at its source (`toConfirm`), as drafted. */
    toConfirm: (editor: Editor) => items.toConfirm(editor, "picture"),

    /** Where a photograph is shown (drafts included): what must change before it can be deleted. */
    uses: usesOf,

    /** Deletes a photograph nothing shows, with its files; otherwise refuses and lists where it is used. */
    async remove(editor: Editor, slug: string, revision: number): Promise<void> {
      items.need(editor);
      const uses = await usesOf(slug);
      if (uses.length)
        throw new EditingError(
          "in-use",
          uses.map((u) => ({ field: `${u.type}/${u.slug}.${u.field}`, code: "in-use" })),
        );
      await items.remove(editor, "picture", slug, revision, (body) => [(body as { file: string }).file]);
    },

    /** A photograph's file as the library serves it: its sizes and formats. */
    image: (file: string) => d.library.image(file),

    /** The library's photographs with a small picture of each, newest position last. */
    async list(editor: Editor) {
      items.need(editor, "content.read");
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
