// content:export writes what content:load reads: the seed, loaded and exported, is the seed again, and
// loading the export changes nothing. Drafts stay out of it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/engine.ts";
import { migrate } from "../../db/migrate.ts";
import { CONTENT_DIR, FIXED_PICTURE } from "../../harness/real-content.ts";
import { editingService } from "./editing.ts";
import { exportContent } from "./export.ts";
import { readContent } from "./files.ts";
import { readMediaManifest } from "./media-manifest.ts";
import { loadContent } from "./publishing.ts";

const image = async () => FIXED_PICTURE;
const dir = mkdtempSync(join(tmpdir(), "content-export-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("content export", () => {
  it("writes the seed back as it was, and loading the export changes nothing", async () => {
    const handle = openDatabase({ sqlitePath: ":memory:" });
    await migrate(handle);
    const seed = readContent(CONTENT_DIR);
    const manifest = readMediaManifest(join(CONTENT_DIR, "media.yaml"));
    const first = await loadContent(handle, seed, { image, manifest });

    // A draft is work in progress: it is not part of a backup.
    const editing = editingService({ handle, image });
    const editor = { id: "e", email: "editor@example.org", role: "editor", languages: "" };
    const place = (await editing.item(editor, "site", "palmyra")).draft as Record<string, unknown>;
    await editing.create(editor, "site", { ...place, slug: "palmyra-draft" });

    await exportContent(handle, { to: dir, mediaFrom: join(dir, "no-media"), actor: "test" });
    expect(readContent(dir)).toEqual(seed);
    expect(readMediaManifest(join(dir, "media.yaml"))).toEqual(manifest);

    const again = await loadContent(handle, readContent(dir), { image, manifest: readMediaManifest(join(dir, "media.yaml")) });
    expect(again).toMatchObject({ changed: 0, deleted: 0, version: first.version });
    // …and the draft is still there.
    expect((await editing.item(editor, "site", "palmyra-draft")).status).toBe("draft");
    await handle.close();
  });
});
