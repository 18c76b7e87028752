// Fault bench: the database stopped under traffic (503s, no crash, recovery by itself) and the process
// killed mid-burst of contact messages (nothing answered 201 is lost). It starts its own servers: a scratch
// PostgreSQL for the first, a fresh SQLite file for the second; the shared site of ctx is not used.
import type { Budget, BenchPart } from "../lib/types.ts";
import { crashReason, runDatabaseFault, type DatabaseFaultResult } from "../../harness/faults-database.ts";
import { runCrashDurability, type CrashResult } from "../../harness/faults-crash.ts";
import { countByStatus } from "../../harness/faults-stream.ts";

const RECOVERY_BUDGET_MS = 10_000;
const OUTAGE_MS = 8000;
const BURST = 200;
const KILL_AFTER = 100;
const PHASES = ["before", "stopping", "outage", "restarting", "after"] as const;

const statusLine = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([status, n]) => `${status === "0" ? "no answer" : status} × ${n}`)
    .join(", ") || "none";

function outageAnswerText(r: DatabaseFaultResult): string {
  return r.outageAnswers
    .map((a) =>
      a.status
        ? `${a.kind}: ${a.status} ${a.contentType.split(";")[0]} \`${a.excerpt.slice(0, 120).replaceAll("|", "/")}\``
        : `${a.kind}: no answer`,
    )
    .join("; ");
}

/** What the two drills found, with the database fault's 500s and first logged error picked out. */
type Outcome = {
  db: DatabaseFaultResult;
  crash: CrashResult;
  fiveHundreds: DatabaseFaultResult["unexpected"];
  firstError: string | undefined;
};

function budgetsOf({ db, crash, fiveHundreds, firstError }: Outcome): Budget[] {
  const outageTotal = Object.values(db.counts.outage).reduce((a, b) => a + b, 0);
  const baseline = db.baselineFailures[0];
  return [
    {
      // Without this the rest means nothing (a missing build/, for one, makes every page a 404).
      name: "answers not normal before the fault (site on PostgreSQL)",
      limit: "0",
      value: db.baselineFailures.length,
      pass: db.baselineFailures.length === 0,
      note: baseline ? `${baseline.target}: ${baseline.status || baseline.error} ${baseline.excerpt?.slice(0, 120) ?? ""}` : undefined,
    },
    {
      name: "answers during the database outage that are a 503 with a message",
      limit: "all",
      value: `${outageTotal - db.outageViolations.length}/${outageTotal}`,
      pass: outageTotal > 0 && db.outageViolations.length === 0,
      note: db.outageViolations.length ? `got ${statusLine(countByStatus(db.outageViolations))}` : undefined,
    },
    {
      name: "GET /readyz while the database is down: not ready, because of the database",
      limit: '503 {"status":"unavailable","reason":"database"}',
      value: db.readiness.outage.join(" | ") || "none",
      pass: db.readiness.outage.length === 1 && db.readiness.outage[0] === '503 {"status":"unavailable","reason":"database"}',
    },
    {
      name: "answers 500 while the database stops, is down or restarts",
      limit: "0",
      value: fiveHundreds.length,
      pass: fiveHundreds.length === 0,
      note: fiveHundreds.length
        ? `${fiveHundreds[0].target} (${fiveHundreds[0].phase}): ${fiveHundreds[0].status} ${fiveHundreds[0].contentType} ${fiveHundreds[0].excerpt?.slice(0, 120)}`
        : undefined,
    },
    {
      name: "site process alive through the database outage",
      limit: "alive",
      value: db.serverAlive ? "alive" : `exited (${db.serverExit})`,
      pass: db.serverAlive,
      note: db.serverAlive ? undefined : firstError,
    },
    {
      name: "recovery after the database is back, without restart",
      limit: `<= ${RECOVERY_BUDGET_MS / 1000} s`,
      value: db.recoveryMs === null ? "none" : `${(db.recoveryMs / 1000).toFixed(2)} s`,
      pass: db.recoveryMs !== null && db.recoveryMs <= RECOVERY_BUDGET_MS && db.afterRecoveryFailures.length === 0,
      note:
        db.recoveryMs === null
          ? db.serverAlive
            ? "answers never all normal again"
            : "the process had died"
          : db.afterRecoveryFailures.length
            ? `${db.afterRecoveryFailures.length} failures after recovery`
            : undefined,
    },
    {
      name: "contact messages answered 201 but lost after SIGKILL",
      limit: "0",
      value: crash.lost,
      pass: crash.lost === 0 && crash.integrity === "ok" && crash.created > 0,
      note:
        crash.integrity !== "ok" ? `integrity_check: ${crash.integrity}` : crash.created === 0 ? "no message was answered 201" : undefined,
    },
  ];
}

function figuresOf({ db, crash, fiveHundreds, firstError }: Outcome) {
  return {
    dbSeedStartMs: db.seedStartMs,
    dbStopMs: db.pgStopMs,
    dbStartMs: db.pgStartMs,
    ...Object.fromEntries(PHASES.map((p) => [`db_${p}`, statusLine(db.counts[p])])),
    dbOutageAnswers: outageAnswerText(db),
    dbRecoveryMs: db.recoveryMs ?? "none",
    dbSqliteUsed: db.sqliteUsed ? "yes" : "no",
    dbServer: db.serverAlive ? "alive" : `exited (${db.serverExit})`,
    dbUnexpectedAnswers: statusLine(countByStatus(db.unexpected)),
    db500Answers: fiveHundreds.length,
    dbErrorLogLines: db.errorLogLines.length,
    dbFirstErrorLog: firstError ?? "",
    crashSent: crash.sent,
    crash201: crash.created,
    crashStored: crash.stored,
    crashLost: crash.lost,
    crashNoAnswer: crash.noAnswer,
    crashOtherStatuses: statusLine(crash.otherStatuses),
    crashKilledAtMs: crash.killedAtMs,
    crashIntegrity: crash.integrity,
  };
}

function markdownOf({ db, crash, fiveHundreds, firstError }: Outcome): string {
  return [
    "## Faults",
    "",
    "| database fault phase | answers by status |",
    "|---|---|",
    ...PHASES.map((p) => `| ${p} | ${statusLine(db.counts[p])} |`),
    `| recovery (database ready → normal answers again, no restart) | ${db.recoveryMs === null ? "none" : `${db.recoveryMs} ms`} |`,
    `| site process | ${db.serverAlive ? "alive" : `exited (${db.serverExit}): ${firstError ?? ""}`} |`,
    "",
    `During the outage a visitor got: ${outageAnswerText(db) || "nothing"}.`,
    ...(fiveHundreds.length
      ? [
          "",
          `Answers 500 (${fiveHundreds.length}, ${[...new Set(fiveHundreds.map((s) => `${s.target} while ${s.phase}`))].join(", ")}): ${[...new Set(fiveHundreds.map((s) => `${s.contentType.split(";")[0]} \`${(s.excerpt ?? "").slice(0, 120)}\``))].join("; ")}.`,
        ]
      : []),
    "",
    "| crash durability (SIGKILL mid-burst) | sent | 201 | stored | lost | no answer | integrity |",
    "|---|---|---|---|---|---|---|",
    `| contact messages | ${crash.sent} | ${crash.created} | ${crash.stored} | ${crash.lost} | ${crash.noAnswer} | ${crash.integrity} |`,
    "",
    "Method: the site runs on a scratch PostgreSQL 15 (own data folder, 127.0.0.1, free port) under 4 request loops over pages " +
      "(one a fresh URL each time, so not from the page cache) and API calls (reads, search, contact); `pg_ctl stop -m fast` " +
      `for ${OUTAGE_MS / 1000} s, then \`pg_ctl start\`; phases are sorted by each request's start and end. ` +
      `Then the site on a fresh SQLite file gets ${crash.sent} concurrent contact messages and SIGKILL after ${KILL_AFTER} answers 201; ` +
      "the file is then opened directly and every 201'd subject looked up.",
  ].join("\n");
}

export const faults: BenchPart = async (ctx) => {
  const db = await runDatabaseFault({ beforeMs: 5000, outageMs: OUTAGE_MS, recoveryWaitMs: 20_000, afterMs: 5000, log: ctx.log });
  const crash = await runCrashDurability({ burst: BURST, killAfter: KILL_AFTER, log: ctx.log });
  ctx.log(
    `readiness (GET /readyz) before: ${db.readiness.before.join(" | ")}; outage: ${db.readiness.outage.join(" | ")}; after: ${db.readiness.after.join(" | ")}`,
  );

  const fiveHundreds = db.unexpected.filter((s) => s.status >= 500);
  const firstError = crashReason(db.errorLogLines);
  const outcome: Outcome = { db, crash, fiveHundreds, firstError };
  return { part: "faults", figures: figuresOf(outcome), budgets: budgetsOf(outcome), markdown: markdownOf(outcome) };
};
