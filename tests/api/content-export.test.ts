// `npm run content:export` on both engines: the published content as content files, and beside them every
// version the site has shown (history/versions.jsonl, decision 027), one JSON line each, a page at a time; a
// draft never leaves the workspace.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENGINES, TEST_MEDIA, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { exportContent } from "../../domain/content/export.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };

describe.each(ENGINES)("content:export on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let dir: string;
  beforeAll(async () => {
    t = await testApp(engine);
    dir = mkdtempSync(join(tmpdir(), "visit-syria-export-"));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes the published content and every version, never a draft", async () => {
    const { editing } = t.domain;
    const item = await editing.item(editor, "site", "straight-street");
    const draft = item.draft as { summary: Record<string, string> };
    await editing.publish(editor, "site", "straight-street", item.revision);
    const published = await editing.save(editor, "site", "straight-street", item.revision, {
      ...draft,
      summary: { ...draft.summary, en: "The Roman road through the old city." },
    });
    await editing.publish(editor, "site", "straight-street", published);
    // A change saved and not published stays in the workspace.
    await editing.save(editor, "site", "straight-street", published, { ...draft, summary: { ...draft.summary, en: "Not yet public." } });

    const { items } = await exportContent(t.database, {
      to: dir,
      mediaFrom: join(TEST_MEDIA.contentDir, "media"),
      library: TEST_MEDIA.library,
      actor: "test",
    });
    expect(items).toBeGreaterThan(0);
    const file = parse(readFileSync(join(dir, "places", "straight-street.yaml"), "utf8")) as { summary: Record<string, string> };
    expect(file.summary.en).toBe("The Roman road through the old city.");
    const lines = readFileSync(join(dir, "history", "versions.jsonl"), "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((v) => [v.type, v.slug, v.version, v.publishedBy])).toEqual([
      ["site", "straight-street", 1, editor.email],
      ["site", "straight-street", 2, editor.email],
    ]);
    expect(lines[1].body.summary.en).toBe("The Roman road through the old city.");
    expect(lines.map((v) => Date.parse(v.publishedAt))).not.toContain(Number.NaN);
  });
});
