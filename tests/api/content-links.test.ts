// Links an editor stores reach visitors and the ministry's app as they are, so the content's own schemas allow
// only the schemes each link needs: every writer (the workspace, content:load, a restore) goes through them.
// A media entry with a link that is no URL at all is a problem beside its field, never a crash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const title = { en: "A title", ar: "عنوان", fr: "Un titre", es: "Un título", it: "Un titolo", tr: "Bir başlık", zh: "标题" };

describe.each(ENGINES)("links in content on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());

  async function draftOf(type: string, slug: string) {
    const item = await t.domain.editing.item(editor, type, slug);
    return { revision: item.revision, draft: structuredClone(item.draft) as Record<string, any> };
  }
  const someSlug = async (type: string) => (await t.domain.editing.list(editor, type))[0].slug;

  it("refuses a YouTube or virtual-tour entry whose address is no URL beside its field, and saves nothing", async () => {
    const slug = await someSlug("media");
    const before = await draftOf("media", slug);
    for (const kind of ["youtube", "tour"]) {
      const body = { entries: [...before.draft.entries, { kind, src: "abc", title }] };
      const at = before.draft.entries.length;
      await expect(t.domain.editing.save(editor, "media", slug, before.revision, body)).rejects.toMatchObject({
        code: "invalid",
        problems: [expect.objectContaining({ field: `entries.${at}.src` })],
      });
    }
    expect((await draftOf("media", slug)).revision).toBe(before.revision);
  });
});
