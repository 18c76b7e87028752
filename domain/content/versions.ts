// Every version the site has shown of an item (decision 027): listed on its page with who published it, when
// and which fields changed; any two compared field by field and language by language (or one with the draft);
// any one brought back as a new draft, saved and audited as any change is, to be published like one. Kept two
// years whole, then the last of each month.
import type { RepositoryAccess } from "../../db/repositories/repositories.ts";
import type { VersionEntry, VersionRow } from "../../db/repositories/versions.ts";
import { auditEntry } from "../workspace/audit-actions.ts";
import { EditingError, type Editor, type EditingService, needPermission } from "./editing.ts";
import { changedPaths } from "./draft-changes.ts";
import { repeatEvery } from "../repeat.ts";

/** How many versions an item's page lists. */
const VERSIONS_SHOWN = 50;
/** Every version is kept this long; older ones, one a month. */
export const VERSIONS_KEPT_WHOLE_DAYS = 2 * 365;
const DAY_MS = 24 * 60 * 60 * 1000;
const THIN_CHECK_MS = 24 * 60 * 60 * 1000;

/** A version as the item's page lists it: the fields it changed from the one before (none for the first). */
export type VersionSummary = VersionEntry & { changed: string[] };
/** One side of a comparison: a version, or the current draft (version null). */
type ComparedSide = { version: number | null; publishedAt: string | null; publishedBy: string | null };

export function versionsService(d: RepositoryAccess & { editing: EditingService; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  const { versions, documents, audit } = d.repos;

  const need = needPermission;

  /** The item's stored draft (read alone: a comparison needs no check of it). */
  async function current(type: string, slug: string) {
    const doc = await documents.get(type, slug);
    if (!doc) throw new EditingError("not-found");
    return doc;
  }

  async function version(type: string, slug: string, n: number): Promise<VersionRow> {
    const found = Number.isSafeInteger(n) && n > 0 ? await versions.get(type, slug, n) : undefined;
    if (!found) throw new EditingError("not-found");
    return found;
  }

  return {
    /** The item's versions, the newest first, each with the fields it changed from the one before. */
    async list(editor: Editor, type: string, slug: string): Promise<VersionSummary[]> {
      need(editor, "content.read");
      // One more than is shown: the oldest shown is compared with the one before it.
      const rows = await versions.list(type, slug, VERSIONS_SHOWN + 1);
      const shown = rows.slice(0, VERSIONS_SHOWN);
      // What a version changed is kept with it since migration 029; an older one's is found from the bodies.
      const unknown = shown.flatMap((v, i) => (v.changed === null ? [v.version, ...(rows[i + 1] ? [rows[i + 1].version] : [])] : []));
      const bodies = new Map((await versions.some(type, slug, [...new Set(unknown)])).map((v) => [v.version, v.body]));
      return shown.map(({ changed, ...v }, i) => {
        if (changed) return { ...v, changed };
        const before = rows[i + 1];
        return { ...v, changed: before ? changedPaths(bodies.get(before.version), bodies.get(v.version)).map((c) => c.path) : [] };
      });
    },

    /**
     * Two versions (`to` null: the current draft), and each field that differs between them with its value in
     * each, keyed by its path ("information.ar").
     */
    async compare(editor: Editor, type: string, slug: string, from: number, to: number | null) {
      need(editor, "content.read");
      const a = await version(type, slug, from);
      const b = to === null ? undefined : await version(type, slug, to);
      const changes = changedPaths(a.body, b ? b.body : (await current(type, slug)).draft);
      const side = (v: VersionRow | undefined): ComparedSide =>
        v
          ? { version: v.version, publishedAt: v.publishedAt, publishedBy: v.publishedBy }
          : { version: null, publishedAt: null, publishedBy: null };
      return {
        from: side(a),
        to: side(b),
        before: Object.fromEntries(changes.map((c) => [c.path, c.before ?? null])),
        after: Object.fromEntries(changes.map((c) => [c.path, c.after ?? null])),
      };
    },

    /**
     * Makes an old version the item's draft again, over the revision the editor saw: a save like any other
     * (checked, audited with what it changed), and an entry saying which version it came from. The new revision.
     */
    async restore(editor: Editor, type: string, slug: string, n: number, revision: number): Promise<number> {
      need(editor, "content.edit");
      const old = await version(type, slug, n);
      const draft = await current(type, slug);
      // Already the draft: nothing to save, nothing to record.
      if (changedPaths(draft.draft, old.body).length === 0) return draft.revision;
      const saved = await d.editing.save(editor, type, slug, revision, old.body);
      await audit.append(auditEntry(now(), editor, "content.version-restore", `${type}/${slug}`, { version: n }, { revision: saved }));
      return saved;
    },

    /** Keeps the last version of each month of those older than two years; how many it deleted. */
    async thin(): Promise<number> {
      return versions.thin(new Date(now().getTime() - VERSIONS_KEPT_WHOLE_DAYS * DAY_MS).toISOString());
    },

    /** Thins now and every day; returns the stop. */
    startThinning(onError: (error: unknown) => void): () => void {
      return repeatEvery(THIN_CHECK_MS, () => this.thin(), onError);
    },
  };
}
export type VersionsService = ReturnType<typeof versionsService>;
