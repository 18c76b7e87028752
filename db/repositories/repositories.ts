// The repositories the workspace's services are given (decision 035): built once on the database by the
// composition root, and again on a transaction by `transact`, so a service that must write several rows at
// once says so where it does, with the repositories that share the transaction in its hands.
import type { Db } from "../engine.ts";
import { accountsRepository } from "./accounts.ts";
import { auditRepository } from "./audit.ts";
import { documentsRepository } from "./documents.ts";
import { leasesRepository, linksRepository } from "./links.ts";
import { reviewsRepository } from "./reviews.ts";
import { trashRepository } from "./trash.ts";
import { versionsRepository } from "./versions.ts";

export function repositories(db: Db) {
  return {
    accounts: accountsRepository(db),
    audit: auditRepository(db),
    documents: documentsRepository(db),
    leases: leasesRepository(db),
    links: linksRepository(db),
    reviews: reviewsRepository(db),
    trash: trashRepository(db),
    versions: versionsRepository(db),
  };
}
export type Repositories = ReturnType<typeof repositories>;

/** Runs `work` in one transaction on the repositories bound to it: all of its writes are kept, or none. */
export type Transact = <T>(work: (tx: Repositories) => Promise<T>) => Promise<T>;

/** What a service that reads and writes the database is given: the repositories, and how to use them at once. */
export type RepositoryAccess = { repos: Repositories; transact: Transact };

export function repositoryAccess(db: Db): RepositoryAccess {
  return { repos: repositories(db), transact: (work) => db.transaction().execute((trx) => work(repositories(trx))) };
}
