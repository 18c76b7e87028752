// A national site's size, with the server's own memory limits (started as `npm start` starts it): 2,000 places
// loaded with content:load, then an editor saves and publishes one of them through the workspace's forms. Before
// publishing cost only the place (decision 023), this killed the server ("JavaScript heap out of memory").
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withField } from "../../harness/form-fields.ts";
import { copySlugs, writeScaleContent } from "../../harness/scale-content.ts";
import { startServer, type ServerProcess } from "../../harness/server-process.ts";
import { signIn, workspaceAccount } from "../../harness/workspace-probes.ts";
import { workspaceForms } from "../../harness/workspace-forms.ts";

const PLACES = 2000;
const FROM = "127.0.0.1";

describe(`publishing at ${PLACES} places under the server's memory limits`, () => {
  let dir: string;
  let server: ServerProcess;
  const sqlitePath = () => join(dir, "site.sqlite");

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "visit-syria-scale-"));
    const content = join(dir, "content");
    writeScaleContent(content, PLACES);
    const env = { SQLITE_PATH: sqlitePath(), MEDIA_DIR: "data/media", MEDIA_STORE_DIR: join(dir, "media-store"), LOG_LEVEL: "warn" };
    // npm run content:load, as package.json runs it.
    execFileSync(process.execPath, ["scripts/content-load.ts"], { env: { ...process.env, ...env, CONTENT_DIR: content }, stdio: "ignore" });
    server = await startServer(env, { timeoutMs: 600_000 });
  }, 900_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("saves, previews and publishes a place through the forms, the server stays up, and the public search finds the change", async () => {
    const email = await workspaceAccount({ sqlitePath: sqlitePath() }, "editor");
    const { jar } = await signIn(server.url, FROM, email);
    const forms = workspaceForms(server.url, FROM, jar, 120_000);
    const [item] = copySlugs(1);
    const opened = await forms.open(item);
    const saved = await forms.save(
      item,
      withField(opened.fields, "summary.en", "A copy of the seed's first place, renamed Zenobiatown for this test."),
    );
    expect(saved.revision).toBe(opened.revision + 1);
    // The preview shows the draft on the public page, without copying 2,000 places.
    expect((await forms.preview(item)).body).toContain("Zenobiatown");
    await forms.act(item, saved.revision, "publish");

    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const search = await fetch(`${server.url}/back/api/user/place1/search?page=1&per_page=10`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "zenobiatown", language: 1 }),
    });
    const found = ((await search.json()) as { data: Array<{ place_name: string }> }).data.map((p) => p.place_name);
    expect(found).toEqual([item.name]);
  });
});
