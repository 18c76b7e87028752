// A load reads a folder's places a batch at a time (loading.ts): the batches come in the loader's order, a bad
// file is named without stopping the others, and what is loaded is what a load of the whole folder at once
// would give (the same documents, positions included, and the same public rows).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/engine.ts";
import { migrate } from "../../db/migrate.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";
import { FIXED_PICTURE } from "../../harness/real-content.ts";
import { seedPlaceCount, writeScaleContent } from "../../harness/scale-content.ts";
import { folderSource } from "./bootstrap.ts";
import { documentsFromFiles } from "./documents.ts";
import { ContentError, placeFileBatches, readContent } from "./files.ts";
import { loadContent, loadSource } from "./loading.ts";
import { readMediaManifest } from "./media-manifest.ts";

const image = async () => FIXED_PICTURE;

describe("a load in batches", () => {
  const root = mkdtempSync(join(tmpdir(), "batched-load-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const size = seedPlaceCount() + 150;
  const { dir } = writeScaleContent(join(root, "set"), size);

  it("reads the place files in batches, sites, culture places and service providers in the files' order", () => {
    const batches = [...placeFileBatches(dir, 100)];
    expect(batches.map((b) => b.places.length + b.services.length)).toEqual([100, 100, size - 200]);
    const whole = readContent(dir);
    expect(batches.flatMap((b) => b.places)).toEqual(whole.places);
    expect(batches.flatMap((b) => b.services)).toEqual(whole.services);
    expect(batches.flatMap((b) => b.problems)).toEqual([]);
  });

  it("names a bad file and reads on, and a load of it writes nothing", async () => {
    const broken = join(root, "broken");
    writeScaleContent(broken, seedPlaceCount() + 2);
    writeFileSync(join(broken, "services", "zz-broken.yaml"), "slug: zz-broken\nname: [unclosed\n");
    const problems = [...placeFileBatches(broken, 50)].flatMap((b) => b.problems);
    expect(problems).toEqual([expect.stringMatching(/^services\/zz-broken\.yaml: not valid YAML/)]);
    const handle = openDatabase({ sqlitePath: ":memory:" });
    try {
      await migrate(handle);
      await expect(loadSource(handle, folderSource(broken), { image })).rejects.toBeInstanceOf(ContentError);
      expect(await documentsRepository(handle.db).count()).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it("loads what a load of the whole folder at once loads, positions and public rows included", async () => {
    const batched = openDatabase({ sqlitePath: ":memory:" });
    const whole = openDatabase({ sqlitePath: ":memory:" });
    try {
      await migrate(batched);
      await migrate(whole);
      const steps: string[] = [];
      const report = await loadSource(batched, folderSource(dir), {
        image,
        progress: (step, done, total) => steps.push(`${step} ${done}/${total}`),
      });
      const files = readContent(dir);
      const manifest = readMediaManifest(join(dir, "media.yaml"));
      await loadContent(whole, files, { image, manifest });
      expect(steps.at(-1)).toBe(`writing ${size}/${size}`);
      expect(steps).toContain(`checking ${size}/${size}`);

      const stored = (await documentsRepository(batched.db).list()).map(({ type, slug, position, published }) => ({
        type,
        slug,
        position,
        body: published,
      }));
      const expected = documentsFromFiles(files, manifest);
      expect(stored.toSorted(byKey)).toEqual(expected.toSorted(byKey));
      for (const table of ["places", "place_translations", "cities", "categories", "media"] as const) {
        const rows = async (h: typeof whole) =>
          (await h.db.selectFrom(table).selectAll().execute()).map((r) => ({ ...r, updated_at: null }));
        expect(await rows(batched), table).toEqual(await rows(whole));
      }
      expect(report.changed).toBeGreaterThan(size);
    } finally {
      await batched.close();
      await whole.close();
    }
  });
});

const byKey = (a: { type: string; slug: string }, b: { type: string; slug: string }) =>
  a.type.localeCompare(b.type) || a.slug.localeCompare(b.slug);
