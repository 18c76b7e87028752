// The work the server does on its own every few seconds: publishing the scheduled items that are due, and
// checking the drafts whose problems are not known yet.
import { isDocumentType } from "./documents.ts";
import type { EditingContext } from "./editing.ts";
import type { PublishNow } from "./editing-publishing.ts";
import { isEditingError } from "./editing-rules.ts";

/** How often scheduled publications are looked for: a scheduled item goes public within this of its time. */
const SCHEDULE_CHECK_MS = 10_000;

export function editingSchedule(ctx: EditingContext, publishNow: PublishNow) {
  const { documents } = ctx;

  /** Publishes every scheduled item that is due (the server calls this every few seconds). */
  async function runSchedule(): Promise<number> {
    let published = 0;
    for (const doc of await documents.due(ctx.now().toISOString())) {
      try {
        await publishNow(null, doc, doc.draft, "content.publish");
        published++;
      } catch (error) {
        // Another instance published it first, or it no longer fits the content: leave it to an editor.
        if (!isEditingError(error)) throw error;
        await ctx.transact(async (repos) => {
          await repos.documents.schedule(doc, null);
          await ctx.audit(
            repos,
            null,
            "content.schedule-failed",
            `${doc.type}/${doc.slug}`,
            { publishAt: doc.publishAt },
            { problem: error.code },
          );
        });
      }
    }
    return published;
  }

  /**
   * Checks the drafts whose problems are not known yet (a caption added, an item restored from the trash, a
   * draft from before migration 017), a batch at a time, so the list can filter by them; how many it checked.
   */
  async function checkUnchecked(batch = 50): Promise<number> {
    const rows = await documents.unchecked(batch);
    for (const doc of rows) {
      // (Every stored type is a document type; one that is not has nothing to check, and must not be read again.)
      const { blocking, unfinished } = isDocumentType(doc.type)
        ? await ctx.checks.checkDraft(doc.type, doc.slug, doc.draft)
        : { blocking: [], unfinished: [] };
      await documents.setProblems(doc, blocking.length + unfinished.length);
    }
    return rows.length;
  }

  return {
    runSchedule,
    checkUnchecked,

    /** Checks for due publications (and drafts to check) every few seconds until the returned function is called. */
    startSchedule(onError: (error: unknown) => void, everyMs = SCHEDULE_CHECK_MS): () => void {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        runSchedule()
          .then(() => checkUnchecked())
          .catch(onError)
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
