// Making a new draft and saving one, each with its audit entry in the same transaction. A draft may be
// half-written: only what would break stored content (a wrong type, a reference to nothing) refuses a save.
import { restamp, translatedTexts } from "../../shared/translation-status.ts";
import { can } from "../workspace/roles.ts";
import { DOCUMENT_TYPES, FOLDER_TYPES, isDocumentType } from "./documents.ts";
import { changedPaths, documentBody, uploadedFields } from "./draft-changes.ts";
import type { EditingContext } from "./editing.ts";
import { foundDocument } from "./editing-reads.ts";
import { EditingError, needPermission as need, writableLanguages, type Editor } from "./editing-rules.ts";
import { slug as slugSchema } from "./schema.ts";

export function editingWrites(ctx: EditingContext) {
  const { documents } = ctx;
  return {
    async create(editor: Editor, type: string, body: unknown): Promise<string> {
      need(editor, "content.edit");
      if (!isDocumentType(type) || type === "languages") throw new EditingError("not-found");
      if (DOCUMENT_TYPES[type].fixed) throw new EditingError("fixed");
      const slug = (body as { slug?: unknown } | null)?.slug;
      const key = typeof slug === "string" ? slug : "";
      // Whatever else a new draft lacks, it needs its key: its address and the app's id are made from it.
      const keyProblems = slugSchema.safeParse(key).success ? [] : [{ field: "slug", code: key === "" ? "required" : "invalid_format" }];
      const { value, blocking, unfinished } = await ctx.checks.checkDraft(type, key, documentBody(type, body, key));
      if (keyProblems.length || blocking.length)
        throw new EditingError("invalid", [
          ...keyProblems,
          ...[...blocking, ...unfinished].filter((p) => !keyProblems.length || p.field !== "slug"),
        ]);
      const taken = FOLDER_TYPES.includes(type)
        ? await Promise.all(FOLDER_TYPES.map((t) => documents.get(t, key)))
        : [await documents.get(type, key)];
      if (taken.some(Boolean)) throw new EditingError("slug-taken", [{ field: "slug", code: "slug-taken" }]);
      const at = ctx.now().toISOString();
      await ctx.transact(async (repos) => {
        const repo = repos.documents;
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
        await ctx.audit(repos, editor, "content.create", `${type}/${key}`, null, value);
      });
      return key;
    },

    /**
     * Saves a draft over the revision the editor started from. A translator's save may change only the texts
     * of their own languages; anything else is refused, not quietly dropped.
     */
    async save(editor: Editor, type: string, slug: string, revision: number, body: unknown): Promise<number> {
      if (!can(editor.role, "content.edit") && !can(editor.role, "content.translate")) throw new EditingError("forbidden");
      const doc = await foundDocument(ctx, type, slug);
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
      const { value, blocking, unfinished } = await ctx.checks.checkDraft(doc.type, slug, next);
      if (blocking.length) throw new EditingError("invalid", [...blocking, ...unfinished]);
      if (changes.length === 0) return doc.revision;
      const at = ctx.now().toISOString();
      await ctx.transact(async (repos) => {
        const saved = await repos.documents.saveDraft(
          { type: doc.type, slug, revision },
          value,
          restamp(doc.draft, value, doc.translatedFrom),
          { at, by: editor.email, problems: unfinished.length },
        );
        if (!saved) throw new EditingError("conflict");
        await ctx.audit(
          repos,
          editor,
          "content.save",
          `${type}/${slug}`,
          Object.fromEntries(changes.map((c) => [c.path, c.before ?? null])),
          Object.fromEntries(changes.map((c) => [c.path, c.after ?? null])),
        );
      });
      return revision + 1;
    },
  };
}
