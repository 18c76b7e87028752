// A photograph brought in with `npm run media:import` replaces its illustration on the next content load.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { writeContentFolder } from "../fixtures/write-content.ts";
import { freshDatabase, TEST_MEDIA } from "../setup/test-app.ts";
import { migrate } from "../../db/migrate.ts";
import { loadContentFolder } from "../../domain/content/bootstrap.ts";

describe("media import", () => {
  const dir = mkdtempSync(join(tmpdir(), "visit-syria-photos-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("checks the names, copies the photographs, and the next load publishes them as responsive images", async () => {
    const content = join(dir, "content");
    writeContentFolder(content);
    const photos = join(dir, "incoming");
    mkdirSync(photos);
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#b5651d" } })
      .jpeg()
      .toFile(join(photos, "umayyad-mosque-2.jpg"));
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#000" } })
      .jpeg()
      .toFile(join(photos, "not-a-place-1.jpg"));

    const run = spawnSync(process.execPath, ["scripts/media-import.ts", photos, "--content", content], { encoding: "utf8" });
    expect(run.stdout).toContain('not-a-place-1.jpg: no picture is called "not-a-place-1"');
    expect(run.stdout).toContain("1 photograph(s) imported");
    expect(run.status).toBe(1);
    expect(existsSync(join(content, "media/photos/umayyad-mosque-2.jpg"))).toBe(true);

    const db = await freshDatabase("sqlite");
    await migrate(db);
    await loadContentFolder(db, { ...TEST_MEDIA, contentDir: content });
    const images = await db.db
      .selectFrom("media")
      .innerJoin("places", "places.id", "media.owner_id")
      .select(["media.src", "media.width", "media.details"])
      .where("media.owner_type", "=", "place")
      .where("places.slug", "=", "umayyad-mosque")
      .where("media.kind", "=", "image")
      .orderBy("media.position")
      .execute();
    await db.close();
    expect(images[1].src).toMatch(/^\/media\/img\/umayyad-mosque-2\.[0-9a-f]{12}\.960\.webp$/);
    // The photograph's own colour, not the illustration's sky.
    expect(JSON.parse(images[1].details).placeholder).toMatch(/^#b[0-9a-f]6[0-9a-f]1[0-9a-f]$/);
  });
});
