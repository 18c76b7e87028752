// A draft's problems, every one at once: those of its schema, and those of the rules across content, checked
// with the published items it names (read by their keys, whatever the size of the site).
import type { DocumentsRepository } from "../../db/repositories/documents.ts";
import { contentProblems, placeSizeProblems, PUBLISHING_PROBLEMS, type PlaceSizes } from "./checks.ts";
import { DOCUMENT_TYPES, FOLDER_TYPES, filesFromDocuments, referencesOf, type ContentDocument, type DocumentType } from "./documents.ts";
import { EditingError, type FieldProblem } from "./editing-rules.ts";
import type { ContentFiles } from "./files.ts";
import type { MediaManifest } from "./media-manifest.ts";

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

export function draftChecks(documents: DocumentsRepository) {
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

  return { withDraft, withReferences, checkDraft, publishable };
}
export type DraftChecks = ReturnType<typeof draftChecks>;
