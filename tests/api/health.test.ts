// The load balancer's checks: /healthz while the process can serve, /readyz only once it has migrated and
// loaded its content and while its database answers; neither sets a cookie, is cached or says more than a
// state. Checked on the app, on the readiness rule alone, and on a real process as it starts on an empty
// database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../setup/test-app.ts";
import { readiness } from "../../server/readiness.ts";
import { startServer } from "../../harness/server-process.ts";

describe("health checks on the app", () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp("sqlite");
  }, 60_000);
  afterAll(() => t.close());

  it("answers /healthz and /readyz with a state word only, uncached and without a cookie, even when asked with one", async () => {
    for (const [path, body] of [
      ["/healthz", { status: "ok" }],
      ["/readyz", { status: "ready" }],
    ] as const) {
      const res = await t.app.request(`http://localhost${path}`, { headers: { cookie: "session=x" } });
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual(body);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("set-cookie")).toBeNull();
      expect((await t.app.request(`http://localhost${path}`, { method: "HEAD" })).status).toBe(200);
    }
  });
});

describe("the readiness rule", () => {
  it("is not ready while starting, migrating or loading content, whatever the database says", async () => {
    const ready = readiness(async () => {}, { stage: "starting" });
    for (const stage of ["starting", "migrating", "loading-content"] as const) {
      ready.set(stage);
      expect(await ready.check()).toEqual({ ready: false, reason: stage });
    }
    ready.set("ready");
    expect(await ready.check()).toEqual({ ready: true });
  });

  it("asks the database at most once a second, and says so when it fails or does not answer within a second", async () => {
    let clock = 0;
    let asked = 0;
    let answer: () => Promise<unknown> = async () => {};
    const ready = readiness(
      () => {
        asked++;
        return answer();
      },
      { now: () => clock },
    );
    for (let i = 0; i < 100; i++) expect(await ready.check()).toEqual({ ready: true });
    expect(asked).toBe(1);
    answer = () => Promise.reject(new Error("connection refused"));
    clock += 1000;
    expect(await ready.check()).toEqual({ ready: false, reason: "database" });
    answer = () => new Promise(() => {});
    clock += 1000;
    const started = performance.now();
    expect(await ready.check()).toEqual({ ready: false, reason: "database" });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(asked).toBe(3);
  });
});

describe("a real process starting on an empty database", () => {
  it("is live at once, not ready while it migrates and loads the content, then ready", { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "visit-syria-start-"));
    const site = await startServer(
      // The pictures made by earlier runs are reused (data/media): the database is what is new.
      { SQLITE_PATH: join(dir, "site.sqlite"), MEDIA_DIR: "data/media", LOG_LEVEL: "warn" },
      { until: "live", timeoutMs: 280_000 },
    );
    try {
      const seen: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        const [live, ready, page] = await Promise.all(
          ["/healthz", "/readyz", "/back/api/user/language1/languages"].map((p) => fetch(site.url + p)),
        );
        expect(live.status).toBe(200);
        const answer = `${ready.status} ${await ready.text()}`;
        if (seen.at(-1) !== answer) seen.push(answer);
        if (ready.status === 200) {
          expect(page.status).toBe(200);
          break;
        }
        // Until it is ready, the site itself says it is starting rather than failing.
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toBe("5");
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen.at(-1)).toBe('200 {"status":"ready"}');
      expect(seen).toContain('503 {"status":"unavailable","reason":"loading-content"}');
      for (const answer of seen.slice(0, -1))
        expect(answer).toMatch(/^503 \{"status":"unavailable","reason":"(starting|migrating|loading-content)"\}$/);
    } finally {
      await site.stop();
    }
  });
});
