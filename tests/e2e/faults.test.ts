// Faults, smaller than the bench: the database stopped under traffic (503 with a message, no 500, no crash,
// normal answers again within 10 s without a restart) and SIGKILL mid-burst of contact messages (no 201 lost).
// It starts its own servers (a scratch PostgreSQL, fresh SQLite files); the e2e project's site is not used.
import { describe, expect, it } from "vitest";
import { crashReason, runDatabaseFault } from "../../harness/faults-database.ts";
import { runCrashDurability } from "../../harness/faults-crash.ts";

const brief = (samples: { target: string; status: number; contentType: string; excerpt?: string; error?: string }[]) =>
  samples.slice(0, 5).map((s) => `${s.target}: ${s.status || s.error} ${s.contentType} ${s.excerpt ?? ""}`.slice(0, 240));

describe("faults", () => {
  it("answers 503 while PostgreSQL is down (and says it is not ready), stays alive, and recovers by itself within 10 s", {
    timeout: 180_000,
  }, async () => {
    const r = await runDatabaseFault({ beforeMs: 2000, outageMs: 4000, recoveryWaitMs: 12_000, afterMs: 3000 });
    expect(brief(r.baselineFailures), "answers before the fault that are not normal").toEqual([]);
    expect(r.serverExit, `the site process died: ${crashReason(r.errorLogLines)}`).toBeNull();
    expect(Object.values(r.counts.outage).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(brief(r.outageViolations), "answers during the outage that are not a 503 with a message").toEqual([]);
    expect(brief(r.unexpected.filter((s) => s.status >= 500)), "500s around the outage").toEqual([]);
    expect(r.sqliteUsed, "SQLITE_PATH was used although DATABASE_URL was set").toBe(false);
    expect(r.recoveryMs, "no recovery after the database came back").not.toBeNull();
    expect(r.recoveryMs!).toBeLessThanOrEqual(10_000);
    expect(brief(r.afterRecoveryFailures), "failures after recovery").toEqual([]);
    // What a load balancer sees: ready, then not ready because of the database (so it sends traffic
    // elsewhere), then ready again, without the process being restarted.
    expect(r.readiness.before).toEqual(['200 {"status":"ready"}']);
    expect(r.readiness.outage).toEqual(['503 {"status":"unavailable","reason":"database"}']);
    expect(r.readiness.after).toEqual(['200 {"status":"ready"}']);
  });

  it("keeps every contact message answered 201 when the process is killed mid-burst", { timeout: 180_000 }, async () => {
    const r = await runCrashDurability({ burst: 100, killAfter: 40 });
    expect(r.created).toBeGreaterThan(0);
    expect(r.lostSubjects, `${r.lost} of ${r.created} messages answered 201 are not in the file`).toEqual([]);
    expect(r.integrity).toBe("ok");
  });
});
