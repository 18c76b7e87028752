// content:export writes what content:load reads: the seed, loaded and exported, is the seed again, and
// loading the export changes nothing. Drafts stay out of it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/engine.ts";
import { migrate } from "../../db/migrate.ts";
import { CONTENT_DIR, FIXED_PICTURE } from "../../harness/real-content.ts";
import { composeEditing } from "../../server/compose-editing.ts";
import { contentService } from "./service.ts";
import { contentRepository } from "../../db/repositories/content.ts";
import { exportContent } from "./export.ts";
import { readContent } from "./files.ts";
import { readMediaManifest } from "./media-manifest.ts";
import { loadContent } from "./loading.ts";
import { mediaLibrary } from "../media/library.ts";
import { diskStore } from "../media/store.ts";

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
    const editing = composeEditing({ handle, image, settings: () => contentService(contentRepository(handle.db)).settings() });
    const editor = { id: "e", email: "editor@example.org", role: "editor", languages: "" };
    const place = (await editing.item(editor, "site", "palmyra")).draft as Record<string, unknown>;
    await editing.create(editor, "site", { ...place, slug: "palmyra-draft" });

    // The library holds the seed's photographs, as a load puts them there.
    const library = mediaLibrary(diskStore(join(dir, "store")));
    for (const p of seed.pictures) await library.importFile(p.file, readFileSync(join(CONTENT_DIR, "media", "library", p.file)));

    await exportContent(handle, { to: join(dir, "export"), mediaFrom: join(dir, "no-media"), library, actor: "test" });
    expect(readContent(join(dir, "export"))).toEqual(seed);
    // The originals travel with it, byte for byte.
    for (const p of seed.pictures)
      expect(
        readFileSync(join(dir, "export", "media", "library", p.file)).equals(readFileSync(join(CONTENT_DIR, "media", "library", p.file))),
      ).toBe(true);
    expect(readMediaManifest(join(dir, "export", "media.yaml"))).toEqual(manifest);

    const again = await loadContent(handle, readContent(join(dir, "export")), {
      image,
      manifest: readMediaManifest(join(dir, "export", "media.yaml")),
    });
    expect(again).toMatchObject({ changed: 0, deleted: 0, version: first.version });
    // …and the draft is still there.
    expect((await editing.item(editor, "site", "palmyra-draft")).status).toBe("draft");
    await handle.close();
  });
});
