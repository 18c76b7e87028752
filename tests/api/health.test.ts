// The load balancer's checks: /healthz while the process can serve, /readyz only once it has migrated and
// loaded its content and while its database answers; neither sets a cookie, is cached or says more than a
// state. Checked on the app, on the readiness rule alone, and on a real process as it starts on an empty
// database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshDatabase, testApp } from "../setup/test-app.ts";
import { siteMetrics } from "../../server/metrics.ts";
import { readiness } from "../../server/readiness.ts";
import { startServer } from "../../harness/server-process.ts";
import { MIGRATION_LOCK } from "../../db/migrate.ts";

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
  it("is not ready while starting, migrating, loading content or building the search index, whatever the database says", async () => {
    const ready = readiness(async () => {}, { stage: "starting" });
    for (const stage of ["starting", "migrating", "loading-content", "indexing"] as const) {
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
    // A database that never answers: the check gives up after its second, on the timer, not on a stopwatch.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      let answered: unknown;
      const check = ready.check().then((a) => {
        answered = a;
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(answered).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await check;
      expect(answered).toEqual({ ready: false, reason: "database" });
    } finally {
      vi.useRealTimers();
    }
    expect(asked).toBe(3);
  });
});

describe("a real process starting on an empty database", () => {
  it("is live at once, not ready while it migrates (held by another instance's migration) and loads, then ready", {
    timeout: 300_000,
  }, async () => {
    const database = await freshDatabase("postgres");
    // Another instance migrating the same database: this one waits for its lock (db/migrate.ts).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const other = database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;
    const dir = mkdtempSync(join(tmpdir(), "visit-syria-start-"));
    // The pictures made by earlier runs are reused (data/media): the database is what is new.
    const site = await startServer(
      { DATABASE_URL: database.url!, SQLITE_PATH: join(dir, "unused.sqlite"), MEDIA_DIR: "data/media", LOG_LEVEL: "warn" },
      { until: "live", timeoutMs: 280_000 },
    );
    try {
      const seen: string[] = [];
      const ask = async () => {
        const [live, ready, api] = await Promise.all(
          ["/healthz", "/readyz", "/back/api/user/language1/languages"].map((p) => fetch(site.url + p)),
        );
        expect(live.status).toBe(200);
        const answer = `${ready.status} ${await ready.text()}`;
        if (seen.at(-1) !== answer) seen.push(answer);
        // Until it is ready, the site itself says it is starting rather than failing; it answers while its
        // search index is built, the last stage.
        expect(api.status).toBe(ready.status === 200 || answer.includes('"indexing"') ? 200 : 503);
        return ready.status === 200;
      };
      for (let i = 0; i < 10; i++) {
        expect(await ask()).toBe(false);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen.at(-1)).toBe('503 {"status":"unavailable","reason":"migrating"}');
      release();
      await other;
      for (let i = 0; i < 20_000 && !(await ask()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(seen.at(-1)).toBe('200 {"status":"ready"}');
      for (const answer of seen.slice(0, -1))
        expect(answer).toMatch(/^503 \{"status":"unavailable","reason":"(starting|migrating|loading-content|indexing)"\}$/);
    } finally {
      release();
      await site.stop();
      await database.close();
      await database.drop();
    }
  });
});

describe("the metrics of a PostgreSQL pool", () => {
  it("report its connections, idle and waiting, from the real pool", async () => {
    const database = await freshDatabase("postgres");
    try {
      const metrics = siteMetrics();
      let outboxReads = 0;
      const outbox = async () => {
        outboxReads++;
        return { pending: 2, failed: 1 };
      };
      metrics.readFrom({ contentVersion: async () => 7, outbox, pool: database.pool });
      await Promise.all([1, 2, 3].map(() => sql`select 1`.execute(database.db)));
      const { body } = await metrics.scrape();
      const sample = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(body)?.[1]);
      expect(sample("db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(sample("db_pool_idle")).toBeLessThanOrEqual(sample("db_pool_connections"));
      expect(sample("db_pool_waiting")).toBe(0);
      expect([sample("content_version"), sample("contact_outbox_pending"), sample("contact_outbox_failed")]).toEqual([7, 2, 1]);
      // Both outbox numbers from one read of the database per scrape.
      expect(outboxReads).toBe(1);
    } finally {
      await database.close();
      await database.drop();
    }
  });
});
