// The editing service on a database: its repositories built once on the database, a transaction's own built
// for each change, and the publishing that writes the public tables with the pictures they show.
import type { DatabaseHandle, Db } from "../db/engine.ts";
import { auditRepository } from "../db/repositories/audit.ts";
import { documentsRepository, type DocumentsRepository } from "../db/repositories/documents.ts";
import { reviewsRepository } from "../db/repositories/reviews.ts";
import { versionsRepository } from "../db/repositories/versions.ts";
import { vocabularyRepository } from "../db/repositories/vocabulary.ts";
import { type DocumentsChange, type EditingRepositories, editingService } from "../domain/content/editing.ts";
import type { ImageSource } from "../domain/content/load.ts";
import { republishPlace, withPlaceDrafted } from "../domain/content/place-publishing.ts";
import { republish } from "../domain/content/publishing.ts";
import type { StoredSettings } from "../domain/content/schema.ts";
import { republishSite, withSiteDrafted } from "../domain/content/site-publishing.ts";

const repositoriesOn = (db: Db): EditingRepositories => ({
  documents: documentsRepository(db),
  audit: auditRepository(db),
  versions: versionsRepository(db),
  reviews: reviewsRepository(db),
});

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
  const inPublish = (change: DocumentsChange) => (_documents: DocumentsRepository, trx: Db) => change(repositoriesOn(trx));
  return editingService({
    documents: documentsRepository(handle.db),
    vocabulary: vocabularyRepository(handle.db),
    transaction: (work) => handle.db.transaction().execute((trx) => work(repositoriesOn(trx))),
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
