// The one way content reaches the public tables: published documents, turned into files, checked, and written
// by the loader in the same transaction as the change that published them. Whatever is not published never
// gets there. A content load (the seed, `content:load`, a restore) goes the same way, replacing the documents.
import type { DatabaseHandle, Db } from "../../db/engine.ts";
import { documentsRepository, lockPublishing, type DocumentsRepository } from "../../db/repositories/documents.ts";
import { contentProblems, type ContentProblem } from "./checks.ts";
import { documentsFromFiles, filesFromDocuments, type ContentDocument } from "./documents.ts";
import type { ContentFiles } from "./files.ts";
import { prepareImages, writeContent, type ImageSource, type LoadReport } from "./load.ts";
import type { MediaManifest } from "./media-manifest.ts";

/** The published content would break a rule (a reference, a word count...): nothing was changed. */
export class ContentProblemsError extends Error {
  override readonly name = "ContentProblemsError";
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super(`${problems.length} content problem(s)`);
    this.problems = problems;
  }
}

/**
 * Runs `change` (which publishes, unpublishes or replaces documents) and rewrites the public tables from the
 * published documents, in one transaction: a change that would leave the content broken is rolled back.
 * `change` answers false when it could not be made (someone saved first); then nothing is written.
 */
export async function republish(
  handle: DatabaseHandle,
  image: ImageSource,
  change: (documents: DocumentsRepository, trx: Db) => Promise<boolean>,
  { candidate, now = new Date().toISOString() }: { candidate?: ContentFiles; now?: string } = {},
): Promise<LoadReport | undefined> {
  // The pictures the content will need are made first, outside the transaction (encoding is slow).
  const ready = candidate ? await prepareImages(candidate, image) : image;
  return handle.db.transaction().execute(async (trx) => {
    await lockPublishing(trx, handle.engine);
    const documents = documentsRepository(trx);
    if (!(await change(documents, trx))) return undefined;
    const { files, manifest } = filesFromDocuments((await documents.published()) as ContentDocument[]);
    const problems = contentProblems(files);
    if (problems.length) throw new ContentProblemsError(problems);
    return writeContent(trx, files, { image: ready, manifest, stamp: now });
  });
}

/**
 * Loads content files as the published documents (their translations taken as done): the site becomes the
 * files. Nothing an editor wrote is lost: unpublished changes stay as drafts, and an item the files lack is
 * taken off the site but kept as a draft.
 */
export async function loadContent(
  handle: DatabaseHandle,
  files: ContentFiles,
  { image, manifest, now = new Date().toISOString() }: { image: ImageSource; manifest: MediaManifest; now?: string },
): Promise<LoadReport> {
  const docs = documentsFromFiles(files, manifest);
  const report = await republish(
    handle,
    image,
    async (documents) => {
      const stored = new Map((await documents.list()).map((d) => [`${d.type} ${d.slug}`, d]));
      for (const d of docs) {
        const current = stored.get(`${d.type} ${d.slug}`);
        // An unchanged item keeps its revision, so an editor's open form stays valid.
        const same = (value: unknown) => JSON.stringify(value) === JSON.stringify(d.body);
        if (current && current.position === d.position && same(current.draft) && same(current.published)) continue;
        // A draft with changes not yet published is an editor's work: the load publishes beside it.
        const pending =
          current !== undefined && JSON.stringify(current.draft) !== JSON.stringify(current.published) && !same(current.draft);
        await documents.put({ ...d, translatedFrom: {} }, now, { keepDraft: pending });
      }
      await documents.unpublishOthers(docs);
      return true;
    },
    { candidate: files, now },
  );
  return report!;
}
