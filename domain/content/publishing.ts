// The one way content reaches the public tables: published documents, turned into files, checked, and written
// by the loader in the same transaction as the change that published them. Whatever is not published never
// gets there. A content load (the seed, `content:load`, a restore) writes the same rows in batches (loading.ts).
import type { DatabaseHandle, Db } from "../../db/engine.ts";
import { documentsRepository, lockPublishing, type DocumentsRepository } from "../../db/repositories/documents.ts";
import { contentProblems, type ContentProblem } from "./checks.ts";
import { filesFromDocuments, type ContentDocument } from "./documents.ts";
import type { ContentFiles } from "./files.ts";
import { prepareImages, type ImageSource, type LoadReport } from "./load.ts";
import { writeContent } from "./write-content.ts";

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
