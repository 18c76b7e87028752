// The media library's videos as editors use them: an upload becomes a `video` document (its file checked
// and stored, its title, credit and place edited, translated and published like any content), captions are
// added one language at a time, each checked before it is kept, and a video goes on the site only with
// English captions (checks.ts). Nothing of a refused upload is kept.
import type { RepositoryAccess } from "../../db/repositories/repositories.ts";
import { isLanguageCode, type LanguageCode } from "../../shared/languages.ts";
import { auditEntry } from "../workspace/audit-actions.ts";
import type { MediaLibrary } from "../media/library.ts";
import type { VideoFacts } from "../media/video.ts";
import type { LibraryVideo as Video } from "./schema.ts";
import { EditingError, writableLanguages, type Editor, type EditingService } from "./editing.ts";
import { libraryItems, type UploadDetails } from "./library-items.ts";

/** Stands for what the video's bytes will give while its texts are checked, before it is stored. */
const NOT_YET_STORED = { file: "not-yet-stored.00000000.webm", width: 1, height: 1, seconds: 1, captions: [] };

const filesOf = (body: unknown) => {
  const v = body as Video;
  return [v.file, ...v.captions.map((c) => c.file)];
};

export function videosService(d: RepositoryAccess & { editing: EditingService; library: MediaLibrary; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  const items = libraryItems({ ...d, now });
  const { documents } = items;

  return {
    /**
     * Takes an upload into the library as a new video, with its English captions when they come with it:
     * texts checked first, then the video's bytes and the captions against its length, then stored and its
     * document made. On any refusal nothing is kept.
     */
    async upload(editor: Editor, bytes: Uint8Array, details: UploadDetails, englishCaptions?: Uint8Array): Promise<string> {
      items.need(editor);
      const { slug, texts } = await items.checkNew("video", details, NOT_YET_STORED);
      const { file, facts } = await d.library.addVideo(slug, bytes);
      const captions: Video["captions"] = [];
      if (englishCaptions) {
        const en = await d.library.addCaptions(slug, "en", englishCaptions, facts.seconds).catch(async (error: unknown) => {
          await d.library.remove(file);
          throw error;
        });
        captions.push({ language: "en", file: en });
      }
      await items.create(editor, "video", { ...texts, ...size(facts), file, captions }, filesOf({ file, captions }));
      await items.audit(editor, "media.upload", `video/${slug}`, null, {
        file,
        bytes: bytes.length,
        captions: englishCaptions ? ["en"] : [],
      });
      return slug;
    },

    /**
     * Adds (or replaces) a video's captions in one language, checked against the video's length, as a change
     * of its draft. A translator may add their own languages'; the old file stays while the site shows it.
     */
    async addCaptions(editor: Editor, slug: string, language: string, revision: number, bytes: Uint8Array): Promise<number> {
      items.need(editor, "content.translate");
      if (!isLanguageCode(language)) throw new EditingError("invalid", [{ field: "language", code: "invalid_value" }]);
      if (!writableLanguages(editor).includes(language as LanguageCode)) throw new EditingError("language");
      const doc = await documents.get("video", slug);
      if (!doc) throw new EditingError("not-found");
      if (doc.revision !== revision) throw new EditingError("conflict");
      const draft = doc.draft as Video;
      const file = await d.library.addCaptions(slug, language, bytes, draft.seconds);
      const replaced = draft.captions.find((c) => c.language === language);
      const captions = [...draft.captions.filter((c) => c.language !== language), { language, file }].sort((a, b) =>
        a.language.localeCompare(b.language),
      );
      const saved = await d.transact(async (tx) => {
        const ok = await tx.documents.saveDraft(
          { type: "video", slug, revision },
          { ...draft, captions },
          doc.translatedFrom,
          // The captions may be what it lacked: checked afresh (editing.checkUnchecked).
          { at: now().toISOString(), by: editor.email, problems: null },
        );
        if (ok)
          await tx.audit.append(
            auditEntry(now(), editor, "media.captions", `video/${slug}`, replaced ?? null, { language, file, bytes: bytes.length }),
          );
        return ok;
      });
      if (!saved) {
        if (file !== replaced?.file) await d.library.remove(file);
        throw new EditingError("conflict");
      }
      const shown = (doc.published as Video | null)?.captions.some((c) => c.file === replaced?.file);
      if (replaced && replaced.file !== file && !shown) await d.library.remove(replaced.file);
      return revision + 1;
    },

    /** Deletes a video the site does not show (unpublished first), with its files. */
    async remove(editor: Editor, slug: string, revision: number): Promise<void> {
      items.need(editor);
      const doc = await documents.get("video", slug);
      if (doc?.published) throw new EditingError("in-use", [{ field: `video/${slug}`, code: "published" }]);
      await items.remove(editor, "video", slug, revision, filesOf);
    },

    /** The videos whose credit is still to be confirmed at its source (`toConfirm`), as drafted. */
    toConfirm: (editor: Editor) => items.toConfirm(editor, "video"),

    /** The library's videos, with their place and which captions they have. */
    async list(editor: Editor) {
      items.need(editor, "content.read");
      return (await documents.list("video")).map((r) => {
        const body = r.draft as Video;
        return {
          slug: r.slug,
          published: r.published !== null,
          title: body.title.en,
          place: body.place,
          credit: body.credit,
          licence: body.licence,
          seconds: body.seconds,
          captions: body.captions.map((c) => c.language),
        };
      });
    },
  };
}
export type VideosService = ReturnType<typeof videosService>;

const size = (facts: VideoFacts) => ({ width: facts.width, height: facts.height, seconds: Math.round(facts.seconds * 100) / 100 });
