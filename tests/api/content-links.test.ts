// Links an editor stores reach visitors and the ministry's app as they are, so the content's own schemas allow
// only the schemes each link needs: every writer (the workspace, content:load, a restore) goes through them.
// A media entry with a link that is no URL at all is a problem beside its field, never a crash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { guidePage, picture, settingsFile } from "../../domain/content/schema.ts";
import { placeMedia } from "../../domain/content/media-manifest.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const UNSAFE = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd", "abc"];
const title = { en: "A title", ar: "عنوان", fr: "Un titre", es: "Un título", it: "Un titolo", tr: "Bir başlık", zh: "标题" };

/** The fields a schema refuses in `value`, as dotted paths. */
function refusedFields(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => i.path.join("."));
}

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

  it("refuses unsafe schemes in the settings' social and store links, naming the field", async () => {
    const { revision, draft } = await draftOf("settings", "all");
    for (const bad of UNSAFE) {
      const social = draft.social.map((s: object, i: number) => (i === 1 ? { ...s, url: bad } : s));
      await expect(t.domain.editing.save(editor, "settings", "all", revision, { ...draft, social })).rejects.toMatchObject({
        code: "invalid",
        problems: expect.arrayContaining([expect.objectContaining({ field: "social.1.url" })]),
      });
      await expect(t.domain.editing.save(editor, "settings", "all", revision, { ...draft, appStoreUrl: bad })).rejects.toMatchObject({
        problems: expect.arrayContaining([expect.objectContaining({ field: "appStoreUrl" })]),
      });
      await expect(t.domain.editing.save(editor, "settings", "all", revision, { ...draft, googlePlayUrl: bad })).rejects.toMatchObject({
        problems: expect.arrayContaining([expect.objectContaining({ field: "googlePlayUrl" })]),
      });
    }
  });

  it("refuses unsafe schemes in a guide page's sources and a photograph's source", async () => {
    const guide = await draftOf("guide", await someSlug("guide"));
    for (const bad of UNSAFE) {
      const sources = [{ name: title, url: bad }];
      await expect(
        t.domain.editing.save(editor, "guide", guide.draft.slug, guide.revision, { ...guide.draft, sources }),
      ).rejects.toMatchObject({
        code: "invalid",
        problems: [expect.objectContaining({ field: "sources.0.url" })],
      });
    }
  });
});

describe("the content schemas, as content:load and a restore read them", () => {
  it("allow https links, and http only where a source may need it", () => {
    const https = "https://example.gov.sy/page";
    expect(refusedFields(placeMedia, [{ kind: "youtube", src: "https://www.youtube.com/watch?v=abc", title }])).toEqual([]);
    expect(refusedFields(placeMedia, [{ kind: "youtube", src: "http://www.youtube.com/watch?v=abc", title }])).toContain("0.src");
    expect(refusedFields(guidePage.shape.sources, [{ name: title, url: https }])).toEqual([]);
    expect(refusedFields(guidePage.shape.sources, [{ name: title, url: "http://example.gov.sy/old" }])).toEqual([]);
    expect(refusedFields(settingsFile.shape.appStoreUrl, "http://apps.example.org/app")).toContain("");
  });

  it("refuse every unsafe scheme a stored file may hold, naming the field", () => {
    for (const bad of UNSAFE) {
      expect(new Set(refusedFields(placeMedia, [{ kind: "tour", src: bad, title }])), bad).toEqual(new Set(["0.src"]));
      expect(new Set(refusedFields(placeMedia, [{ kind: "youtube", src: bad, title }])), bad).toEqual(new Set(["0.src"]));
      expect(new Set(refusedFields(guidePage.shape.sources, [{ name: title, url: bad }])), bad).toEqual(new Set(["0.url"]));
      expect(refusedFields(picture, { source: bad }), bad).toContain("source");
    }
  });
});
