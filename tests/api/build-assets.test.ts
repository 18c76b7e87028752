// A deploy never breaks a page: the scripts of a page an earlier build served are still answered after a
// newer build has replaced it, from the media store every instance shares, until a week after the
// replacement; then they are deleted, except the files a kept build still names.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diskStore } from "../../domain/media/store.ts";
import { ASSET_GRACE_MS, keepBuildAssets } from "../../server/build-assets.ts";
import { testApp } from "../setup/test-app.ts";

/** A client build's folder with these asset files (each file's text is its own name). */
function build(...files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "client-"));
  mkdirSync(join(dir, "assets"));
  for (const f of files) writeFileSync(join(dir, "assets", f), `/* ${f} */`);
  // The precompressed copies stay with their build: the store's files are compressed as they are answered.
  writeFileSync(join(dir, "assets", `${files[0]}.br`), "not kept");
  return dir;
}

describe("an earlier build's assets", () => {
  const store = diskStore(mkdtempSync(join(tmpdir(), "store-")));
  let t: Awaited<ReturnType<typeof testApp>>;
  afterAll(() => t?.close());

  it("are answered after a newer build replaced them, with the new build's own files from its folder", async () => {
    await keepBuildAssets(store, build("root-Old111.js", "shared-Same.js", "root-Old111.css"));
    const current = build("root-New222.js", "shared-Same.js");
    await keepBuildAssets(store, current);
    t = await testApp("sqlite", { clientDir: current, mediaStore: store });

    const old = await t.app.request("/assets/root-Old111.js");
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(old.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await old.text()).toBe("/* root-Old111.js */");
    expect((await t.app.request("/assets/root-Old111.css")).headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await (await t.app.request("/assets/root-New222.js")).text()).toBe("/* root-New222.js */");
    // What no build had, a build's record, a precompressed copy and a path that climbs out are not found.
    for (const path of ["/assets/root-Never.js", "/assets/root-Old111.js.br", "/assets/..%2fbuilds", "/assets/../builds/x.json"])
      expect((await t.app.request(path)).status, path).toBe(404);
  });

  it("are deleted a week after the next build first started, except files a kept build names", async () => {
    const dir = mkdtempSync(join(tmpdir(), "store-"));
    const s = diskStore(dir);
    const day = 24 * 60 * 60 * 1000;
    const t0 = Date.parse("2026-11-01T00:00:00Z");
    const a = build("a-1.js", "common-1.js");
    await keepBuildAssets(s, a, new Date(t0));
    await keepBuildAssets(s, build("b-2.js", "common-1.js"), new Date(t0 + day));
    // The same build starting again (another instance, a restart) keeps its first start.
    expect((await keepBuildAssets(s, a, new Date(t0 + 2 * day))).deleted).toEqual([]);
    // A week after b replaced a, a third build: a's own file goes, the file b shares stays, b stays.
    const late = await keepBuildAssets(s, build("c-3.js"), new Date(t0 + day + ASSET_GRACE_MS + 1));
    expect(late.deleted).toEqual(["a-1.js"]);
    expect(await s.list("assets/")).toEqual(["assets/b-2.js", "assets/c-3.js", "assets/common-1.js"]);
    expect(await s.list("builds/")).toHaveLength(2);
  });
});
