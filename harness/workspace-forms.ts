// The workspace's content forms driven over HTTP as a browser posts them (the edit page's own fields, its
// revision, its publishing buttons), each timed: for the scale bench, and for the test that publishes at
// national scale with the server's own memory limits.
import { formFields, formHtml } from "./form-fields.ts";
import { type CookieJar, open, post } from "./workspace-probes.ts";

/** An item of the workspace, by its type and slug. */
export type Item = { type: string; slug: string };

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

/** The workspace's forms, as a browser posts them: the edit page's own fields, its revision, its buttons. */
export function workspaceForms(base: string, from: string, jar: CookieJar, timeoutMs: number, note: (what: string) => void = () => {}) {
  const itemPath = (item: Item) => `/admin/content/${item.type}/${item.slug}`;
  const revisionOf = (html: string) => Number(/name="revision" value="(\d+)"/.exec(html)?.[1] ?? Number.NaN);
  const why = (answer: { status: number; body: string }) =>
    `${answer.status} ${answer.body
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .slice(0, 200)}`;
  const timedRequest = async <T>(what: string, work: () => Promise<T>) => {
    note(what);
    try {
      return await timed(work);
    } catch (error) {
      if (/: timeout$/.test((error as Error).message)) throw new Error(`${what} timed out after ${Math.round(timeoutMs / 1000)} s`);
      throw error;
    }
  };
  return {
    /** GET the edit page: its form's fields and revision. */
    async open(item: Item) {
      const { ms, value } = await timedRequest(`opening ${item.slug}`, () => open(base, from, jar, itemPath(item), timeoutMs));
      if (value.status !== 200) throw new Error(`opening ${item.slug}: ${why(value)}`);
      const form = formHtml(value.body, itemPath(item));
      if (!form) throw new Error(`the edit page of ${item.slug} has no form posting to ${itemPath(item)}`);
      return { ms, fields: formFields(form), revision: revisionOf(form) };
    },
    /** POST the form (a save): the new revision, from the page it answers with. */
    async save(item: Item, fields: Array<[string, string]>) {
      const { ms, value } = await timedRequest(`saving ${item.slug}`, () => post(base, from, jar, itemPath(item), fields, timeoutMs));
      if (value.status !== 200) throw new Error(`saving ${item.slug}: ${why(value)}`);
      const revision = revisionOf(formHtml(value.body, itemPath(item)) ?? "");
      return { ms, revision: Number.isNaN(revision) ? (await this.open(item)).revision : revision };
    },
    /** POST a publishing button (publish, unpublish): its time, once it answers with the way back (303). */
    async act(item: Item, revision: number, intent: "publish" | "unpublish") {
      const { ms, value } = await timedRequest(`${intent} ${item.slug}`, () =>
        post(base, from, jar, `${itemPath(item)}/publish`, { revision: String(revision), intent }, timeoutMs),
      );
      if (value.status !== 303) throw new Error(`${intent} ${item.slug}: ${why(value)}`);
      return ms;
    },
    async preview(item: Item) {
      const { ms, value } = await timedRequest(`previewing ${item.slug}`, () =>
        open(base, from, jar, `/admin/preview/${item.type}/${item.slug}?lang=en`, timeoutMs),
      );
      if (value.status !== 200) throw new Error(`previewing ${item.slug}: ${why(value)}`);
      return { ms, body: value.body };
    },
  };
}
