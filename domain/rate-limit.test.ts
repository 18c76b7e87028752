// The contact limit must hold behind a load balancer: two instances (two limiters, each with its own
// connection) on one database count one client's hits together, even when they arrive at the same moment.
import { rm } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../tests/setup/test-app.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/engine.ts";
import { rateLimitsRepository } from "../db/repositories/rate-limits.ts";
import { rateLimiter } from "./rate-limit.ts";

describe.each(["sqlite", "postgres"] as const)("rate limit on %s", (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function twoInstances(now: () => number) {
    const path = engine === "sqlite" ? `/tmp/rate-limit-${process.pid}-${Date.now()}.sqlite` : undefined;
    const first = await freshDatabase(engine, path);
    if (path) cleanups.push(() => rm(path, { force: true }));
    cleanups.push(first.drop, first.close);
    await migrate(first);
    const second = engine === "postgres" ? openDatabase({ databaseUrl: first.url, sqlitePath: "" }) : openDatabase({ sqlitePath: path! });
    cleanups.push(second.close);
    const limiter = (db: typeof first.db) =>
      rateLimiter({ max: 5, windowMs: 600_000, now, windows: rateLimitsRepository(db), salt: async () => "shared" });
    return { a: limiter(first.db), b: limiter(second.db), rows: () => first.db.selectFrom("rate_limit_windows").selectAll().execute() };
  }

  it("counts one client's hits on both instances together, none lost when they race", async () => {
    let now = 5_000_000;
    const { a, b, rows } = await twoInstances(() => now);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).hit("203.0.113.9")));
    expect(answers.filter((r) => r.allowed)).toHaveLength(5);
    expect(answers.filter((r) => !r.allowed).map((r) => r.retryAfterSeconds)).toEqual([600, 600, 600]);
    // Another client is counted apart; the address itself is nowhere in the table.
    expect((await a.hit("198.51.100.4")).allowed).toBe(true);
    expect(JSON.stringify(await rows())).not.toMatch(/203\.0\.113|198\.51\.100/);
    // Once the window is over the client starts again, and the sweep forgets the windows that ended.
    now += 600_001;
    expect(await b.hit("203.0.113.9")).toEqual({ allowed: true, retryAfterSeconds: 600 });
    expect(await rows()).toHaveLength(1);
  });
});
