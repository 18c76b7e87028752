// The editing service on a database: its repositories built once on the database, and `transact` handing a
// change the same repositories bound to its transaction (decision 035), and the publishing that writes the
// public tables with the pictures they show.
import type { DatabaseHandle, Db } from "../db/engine.ts";
import type { DocumentsRepository } from "../db/repositories/documents.ts";
import { repositories, repositoryAccess } from "../db/repositories/repositories.ts";
import { vocabularyRepository } from "../db/repositories/vocabulary.ts";
import { type DocumentsChange, editingService } from "../domain/content/editing.ts";
import type { ImageSource } from "../domain/content/load.ts";
import { republishPlace, withPlaceDrafted } from "../domain/content/place-publishing.ts";
import { republish } from "../domain/content/publishing.ts";
import type { StoredSettings } from "../domain/content/schema.ts";
import { republishSite, withSiteDrafted } from "../domain/content/site-publishing.ts";

export function composeEditing({
  handle,
  image,
  settings,
  now,
}: {
  handle: DatabaseHandle;
  image: ImageSource;
  settings: () => Promise<StoredSettings>;
  now?: () => Date;
}) {
  // The publishing modules hand a change the transaction they opened; it gets that transaction's repositories.
  const inPublish = (change: DocumentsChange) => (_documents: DocumentsRepository, trx: Db) => change(repositories(trx));
  const { repos, transact } = repositoryAccess(handle.db);
  return editingService({
    documents: repos.documents,
    vocabulary: vocabularyRepository(handle.db),
    transact,
    publishing: {
      place: (item, files, change, options) => republishPlace(handle, image, item, files, inPublish(change), options),
      site: (item, change, options) => republishSite(handle, image, item, inPublish(change), options),
      whole: (change, options) => republish(handle, image, inPublish(change), options),
      previewPlace: (item, files, draft, work) => withPlaceDrafted(handle, image, item, files, draft, work),
      previewSite: (item, draft, work) => withSiteDrafted(handle, image, item, draft, work),
    },
    settings,
    now,
  });
}
