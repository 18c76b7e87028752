// The workspace's content service: drafts, publishing, schedules and translation status, each action checked
// against the account's role here (the routes check it too; a hidden button is never the check) and written
// to the audit log in the same transaction as the change. It is given its repositories, and a transaction's
// own ones whenever a change and its audit entry must go together; the public tables are written by the
// publishing it is given (place-publishing.ts, site-publishing.ts, publishing.ts, on the database).
import type { DatabaseHandle } from "../../db/engine.ts";
import type { AuditRepository } from "../../db/repositories/audit.ts";
import type { DocumentsRepository } from "../../db/repositories/documents.ts";
import type { reviewsRepository } from "../../db/repositories/reviews.ts";
import type { versionsRepository } from "../../db/repositories/versions.ts";
import type { VocabularyRepository } from "../../db/repositories/vocabulary.ts";
import { auditEntry, type AuditAction } from "../workspace/audit-actions.ts";
import type { ContentProblem } from "./checks.ts";
import { draftChecks, type DraftChecks } from "./draft-checks.ts";
import { editingPublishing } from "./editing-publishing.ts";
import { editingReads } from "./editing-reads.ts";
import type { Editor } from "./editing-rules.ts";
import { editingSchedule } from "./editing-schedule.ts";
import { editingWrites } from "./editing-writes.ts";
import type { ContentFiles } from "./files.ts";
import type { LoadReport } from "./load.ts";
import type { Item } from "./place-publishing.ts";
import type { StoredSettings } from "./schema.ts";

// What the routes and the other content services know of editing, wherever its parts are written.
export {
  EditingError,
  isEditingError,
  needPermission,
  writableLanguages,
  reviewNote,
  LIST_PAGE_SIZE,
  type BulkOutcome,
  type Editor,
  type FieldProblem,
} from "./editing-rules.ts";

/** The repositories a change writes with, all bound to one transaction: the change and its audit entry go together. */
export type EditingRepositories = {
  documents: DocumentsRepository;
  audit: AuditRepository;
  versions: ReturnType<typeof versionsRepository>;
  reviews: ReturnType<typeof reviewsRepository>;
};
/** A change made inside a publish's transaction; false when it could not be made (someone saved first). */
export type DocumentsChange = (repos: EditingRepositories) => Promise<boolean>;
/** A preview's draft, put in place of the item's published body inside a transaction that is rolled back. */
type DraftInPlace = (documents: DocumentsRepository) => Promise<void>;

/**
 * Writing the public tables with a change, in one transaction (undefined when the change could not be made):
 * one place's rows (a place, its media, a library video of it), the site's few items, or the whole site; and
 * the previews, which write the same inside a transaction that is always rolled back.
 */
export type EditingPublishing = {
  place(
    item: Item,
    files: ContentFiles | null,
    change: DocumentsChange,
    o: { now: string; problems: ContentProblem[] },
  ): Promise<LoadReport | undefined>;
  site(item: Item, change: DocumentsChange, o: { now: string }): Promise<LoadReport | undefined>;
  whole(change: DocumentsChange, o: { candidate?: ContentFiles; now: string }): Promise<LoadReport | undefined>;
  previewPlace<T>(item: Item, files: ContentFiles | null, draft: DraftInPlace, work: (site: DatabaseHandle) => Promise<T>): Promise<T>;
  previewSite<T>(item: Item, draft: DraftInPlace, work: (site: DatabaseHandle) => Promise<T>): Promise<T>;
};

export type EditingDependencies = {
  documents: DocumentsRepository;
  vocabulary: VocabularyRepository;
  /** Runs `work` in one transaction, on repositories bound to it (decision 035's `transact`). */
  transact: <T>(work: (repos: EditingRepositories) => Promise<T>) => Promise<T>;
  publishing: EditingPublishing;
  /** The published site settings (the content service's), read when a rule depends on them. */
  settings: () => Promise<StoredSettings>;
  now?: () => Date;
};

/** What every part of the service works with: its dependencies, its clock, the draft checks and the audit. */
export type EditingContext = Required<EditingDependencies> & {
  checks: DraftChecks;
  audit: (
    repos: EditingRepositories,
    editor: Editor | null,
    action: AuditAction,
    target: string,
    before: unknown,
    after: unknown,
  ) => Promise<unknown>;
};

export function editingService(d: EditingDependencies) {
  const now = d.now ?? (() => new Date());
  const context: EditingContext = {
    ...d,
    now,
    checks: draftChecks(d.documents),
    audit: (repos, editor, action, target, before, after) => repos.audit.append(auditEntry(now(), editor, action, target, before, after)),
  };
  const publishing = editingPublishing(context);
  return {
    ...editingReads(context),
    ...editingWrites(context),
    ...publishing.actions,
    ...editingSchedule(context, publishing.publishNow),
  };
}
export type EditingService = ReturnType<typeof editingService>;
