// Crash durability: the site on a fresh SQLite file takes a burst of concurrent contact messages and is
// killed with SIGKILL mid-burst (no shutdown code runs). Every message that was answered 201 must then be
// in the database file: the site promises "stored before the answer".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type ServerProcess } from "./server-process.ts";
import { openDatabase } from "../db/engine.ts";
import { sqliteIntegrity } from "../db/integrity.ts";
import { contactRepository } from "../db/repositories/contact.ts";

export type CrashOptions = {
  /** Messages sent at once. */
  burst: number;
  /** Kill the process when this many 201s have come back (so the rest are in flight). */
  killAfter: number;
  log?: (line: string) => void;
};

export type CrashResult = {
  seedStartMs: number;
  sent: number;
  created: number;
  /** Answers other than 201, by status. */
  otherStatuses: Record<string, number>;
  /** No HTTP answer: the connection died with the process. */
  noAnswer: number;
  stored: number;
  /** 201 answered but not in the file. */
  lost: number;
  lostSubjects: string[];
  /** In the file although the answer never arrived (harmless: the visitor may send it again). */
  storedUnanswered: number;
  integrity: string;
  killedAtMs: number;
  serverOutput: string;
};

export async function runCrashDurability(o: CrashOptions): Promise<CrashResult> {
  const log = o.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), "visit-syria-crash-"));
  const sqlitePath = join(dir, "site.sqlite");
  let site: ServerProcess | undefined;
  try {
    const t = performance.now();
    site = await startServer(
      { SQLITE_PATH: sqlitePath, MEDIA_DIR: "data/media", LOG_LEVEL: "warn", CONTACT_RATE_LIMIT_MAX: "100000" },
      { timeoutMs: 600_000 },
    );
    const seedStartMs = Math.round(performance.now() - t);
    log(`site started on a fresh SQLite file in ${seedStartMs} ms`);

    const run = `${process.pid}-${Date.now()}`;
    const subjects = Array.from({ length: o.burst }, (_, i) => `Crash probe ${run} #${i}`);
    const answered = new Map<string, number>();
    let noAnswer = 0;
    let created = 0;
    let killedAt = 0;
    const server = site;
    const t0 = performance.now();
    const kill = () => {
      if (killedAt) return;
      killedAt = performance.now() - t0;
      server.child.kill("SIGKILL");
    };
    await Promise.all(
      subjects.map(async (subject) => {
        try {
          const res = await fetch(`${server.url}/back/api/user/contact-admin`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            signal: AbortSignal.timeout(30_000),
            body: JSON.stringify({
              name: "Crash bench",
              email: "crash@example.org",
              subject,
              message: "Sent in a burst while the process is killed.",
            }),
          });
          await res.arrayBuffer();
          answered.set(subject, res.status);
          // Killed from the answer's own callback, so the kill lands while the others are still in flight.
          if (res.status === 201 && ++created >= o.killAfter) kill();
        } catch {
          noAnswer++;
        }
      }),
    );
    kill(); // Should the burst end before killAfter 201s, the process is still killed (then reported as such).
    await new Promise<void>((done) =>
      server.child.exitCode !== null || server.child.signalCode !== null ? done() : server.child.once("exit", () => done()),
    );
    log(`killed after ${Math.round(killedAt)} ms with ${created} answers 201 out of ${o.burst}`);

    const db = openDatabase({ sqlitePath });
    let storedSubjects: Set<string>;
    let integrity: string;
    try {
      const rows = await contactRepository(db.db).all();
      storedSubjects = new Set(rows.map((r) => r.subject).filter((s) => s.startsWith(`Crash probe ${run} #`)));
      integrity = await sqliteIntegrity(db);
    } finally {
      await db.close();
    }
    const createdSubjects = subjects.filter((s) => answered.get(s) === 201);
    const lostSubjects = createdSubjects.filter((s) => !storedSubjects.has(s));
    const otherStatuses: Record<string, number> = {};
    for (const status of answered.values()) if (status !== 201) otherStatuses[String(status)] = (otherStatuses[String(status)] ?? 0) + 1;
    return {
      seedStartMs,
      sent: o.burst,
      created: createdSubjects.length,
      otherStatuses,
      noAnswer,
      stored: storedSubjects.size,
      lost: lostSubjects.length,
      lostSubjects: lostSubjects.slice(0, 20),
      storedUnanswered: subjects.filter((s) => storedSubjects.has(s) && !answered.has(s)).length,
      integrity,
      killedAtMs: Math.round(killedAt),
      serverOutput: site.output(),
    };
  } finally {
    if (site && site.child.exitCode === null && site.child.signalCode === null) site.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}
