// The real server process: a message answered 201 survives a restart; SIGTERM finishes in-flight work.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeContentFolder } from "../fixtures/write-content.ts";
import { startServer } from "../../harness/server-process.ts";
import { TEST_MEDIA_DIR } from "../setup/test-app.ts";
import { openDatabase } from "../../db/engine.ts";

describe("server process", () => {
  const dir = mkdtempSync(join(tmpdir(), "visit-syria-"));
  writeContentFolder(join(dir, "content"));
  const env = { CONTENT_DIR: join(dir, "content"), SQLITE_PATH: join(dir, "site.sqlite"), MEDIA_DIR: TEST_MEDIA_DIR };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loads the content on first start, keeps a 201'd contact message across a restart, and stops cleanly on SIGTERM", async () => {
    const first = await startServer(env);
    const languages = (await (await fetch(`${first.url}/back/api/user/language1/languages`)).json()) as { data: Array<{ code: string }> };
    expect(languages.data.map((l) => l.code)).toEqual(["en", "ar", "fr", "es", "it", "tr", "zh"]);
    const sent = await fetch(`${first.url}/back/api/user/contact-admin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Huda",
        email: "huda@example.org",
        subject: "Group visit",
        message: "We are twelve people visiting Palmyra in May.",
      }),
    });
    expect(sent.status).toBe(201);
    expect(await first.stop("SIGTERM")).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const second = await startServer(env);
    // The second start finds content already there and does not load it again.
    expect(second.output()).not.toContain("loading the seed content");
    expect((await fetch(`${second.url}/back/api/user/language1/languages/2`)).status).toBe(200);
    await second.stop();

    const db = openDatabase({ sqlitePath: env.SQLITE_PATH });
    const rows = await db.db.selectFrom("contact_messages").selectAll().execute();
    await db.close();
    expect(rows.map((r) => r.subject)).toEqual(["Group visit"]);
  });

  it("does not log addresses or message contents", async () => {
    const server = await startServer(env);
    await fetch(`${server.url}/back/api/user/contact-admin`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ name: "Omar", email: "omar@example.org", subject: "Private", message: "My passport number is secret." }),
    });
    await server.stop();
    expect(server.output()).not.toMatch(/127\.0\.0\.1:\d+"?,"?(remote|ip)|203\.0\.113\.9|omar@example\.org|passport/);
  });
});
