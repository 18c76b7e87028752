// Database fault: the site runs on a scratch PostgreSQL under a steady stream of requests; the database is
// stopped (`pg_ctl stop -m fast`) mid-run and started again. During the outage every answer must be a 503
// with a clear message and the process must live on; once the database is back the site must answer normally
// (200, 201 for a message) again by itself, without a restart.
import { VERSION_TTL_MS } from "../server/http/answer-cache.ts";
import { CategoryKind } from "../domain/content/category-kind.ts";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type ServerProcess } from "./server-process.ts";
import { startScratchPostgres, type ScratchPostgres } from "./scratch-postgres.ts";
import { countByStatus, requestStream, type Sample, type Target } from "./faults-stream.ts";

export type DatabaseFaultOptions = {
  /** Normal traffic before the stop. */
  beforeMs: number;
  /** How long the database stays down. */
  outageMs: number;
  /** How long to wait for normal answers after the database is back before giving up. */
  recoveryWaitMs: number;
  /** Traffic kept going after recovery, to see that it holds. */
  afterMs: number;
  workers?: number;
  log?: (line: string) => void;
};

type Phase = "before" | "stopping" | "outage" | "restarting" | "after";

export type DatabaseFaultResult = {
  seedStartMs: number;
  pgStopMs: number;
  pgStartMs: number;
  counts: Record<Phase, Record<string, number>>;
  /** Answers not normal before the stop: the run means nothing unless this is empty (e.g. a missing build/ gives 404 pages). */
  baselineFailures: Sample[];
  /** Answers during the outage that are not a 503 with a clear message. */
  outageViolations: Sample[];
  /** The readiness check's answers (GET /readyz, twice a second) by phase: what a load balancer saw. */
  readiness: Record<"before" | "outage" | "after", string[]>;
  /** One example of each distinct answer during the outage: what a visitor got. */
  outageAnswers: { kind: string; status: number; contentType: string; excerpt: string }[];
  /** From "database is accepting connections again" to the first normal answer after which all answers are normal; null if never. */
  recoveryMs: number | null;
  /** Answers in any phase that are neither normal nor a 503: a 500, a 404, or no answer at all. */
  unexpected: (Sample & { phase: Phase })[];
  /** Answers not normal between "database ready" and recovery (first 20), in ms since the database was ready. */
  beforeRecovery: (Sample & { sinceReadyMs: number })[];
  /** Answers not normal after recovery. */
  afterRecoveryFailures: Sample[];
  serverAlive: boolean;
  /** How the process ended if it did not live on: exit code or signal. */
  serverExit: string | null;
  serverPid: number;
  /** The SQLite file named in SQLITE_PATH was created although DATABASE_URL was set. */
  sqliteUsed: boolean;
  /** Log lines at level error or above (pino level >= 50). */
  errorLogLines: string[];
  warnLogCount: number;
};

const CONTACT = (n: number) => ({
  name: "Fault bench",
  email: "fault@example.org",
  subject: `Outage probe ${n}`,
  message: "A message sent while the database may be down.",
});

async function targetsOf(baseURL: string): Promise<Target[]> {
  const api = `${baseURL}/back/api/user`;
  const data = async (path: string) => ((await (await fetch(api + path)).json()) as { data: any[] }).data;
  const site = (await data("/category1/category/language/1")).find((c) => c.cat_type === CategoryKind.destinations);
  const city = (await data(`/city1/cities/category/${site.id}/language/1`))[0];
  const place = (await data(`/place1/places/city/${city.id}/category/${site.id}/language/1`))[0];
  const page = (name: string, path: string): Target => ({ name, kind: "page", path: () => path });
  const get = (name: string, path: string): Target => ({ name, kind: "api", path: () => `/back/api/user${path}` });
  return [
    page("page /", "/"),
    get("api languages", "/language1/languages"),
    page("page /ar/destinations", "/ar/destinations"),
    get("api categories", "/category1/category/language/1"),
    page("page city", `/cities/${site.id}/sites/${city.id}`),
    get("api cities", `/city1/cities/category/${site.id}/language/1`),
    page("page place", `/cities/${site.id}/sites/${city.id}/action/${place.id}`),
    get("api place", `/place1/places/${place.id}`),
    // A URL never asked before, as any link with a tracking parameter would be: it cannot come from the page cache.
    { name: "page fresh URL", kind: "page", path: (n) => `/experiences?ref=${n}` },
    {
      name: "api search",
      kind: "api",
      method: "POST",
      path: () => "/back/api/user/place1/search?page=1&per_page=5",
      body: () => ({ name: "a", language: 1 }),
    },
    { name: "api contact", kind: "api", method: "POST", path: () => "/back/api/user/contact-admin", body: CONTACT, expect: 201 },
  ];
}

/** A 503 whose body says what happened: `{message}` JSON for any request, or an HTML page for a page. */
function isClearUnavailable(s: Sample): boolean {
  if (s.status !== 503) return false;
  if (s.contentType.startsWith("application/json")) {
    try {
      return typeof (JSON.parse(s.excerpt ?? "") as { message?: unknown }).message === "string";
    } catch {
      return false;
    }
  }
  return s.kind === "page" && s.contentType.startsWith("text/html") && (s.excerpt ?? "").replace(/^<(main|body)>/, "").trim().length > 0;
}

function logLines(output: string): { errors: string[]; warns: number } {
  const errors: string[] = [];
  let warns = 0;
  for (const line of output.split("\n")) {
    if (!line.trim()) continue;
    let level = 0;
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 0;
    } catch {
      errors.push(line); // Anything not from the logger (a crash trace) counts as an error line.
      continue;
    }
    if (level >= 50) errors.push(line);
    else if (level === 40) warns++;
  }
  return { errors, warns };
}

/** The one line that says why the process died (Node's "Unhandled 'error' event" and the error and emitter after it), else the first error line. */
export function crashReason(lines: string[]): string | undefined {
  const at = lines.findIndex((l) => l.includes("Unhandled 'error' event"));
  if (at < 0) return lines[0]?.slice(0, 200);
  const rest = lines.slice(at + 1);
  const error = rest.find((l) => /^\w*(error|Error)\b.*:/.test(l.trim()));
  const emitter = rest.find((l) => l.startsWith("Emitted 'error' event"));
  return ["Unhandled 'error' event", error?.trim(), emitter?.replace(/ at:$/, "")].filter(Boolean).join(": ");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /readyz twice a second until stopped: each answer as "status body", with when it was asked. */
function readinessChecks(baseURL: string, now: () => number) {
  const answers: Array<{ at: number; answer: string }> = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = now();
      const answer = await fetch(`${baseURL}/readyz`).then(
        async (r) => `${r.status} ${await r.text()}`,
        (e: Error) => `error ${e.message}`,
      );
      answers.push({ at, answer });
      await sleep(500);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return answers;
    },
  };
}
const distinct = (answers: Array<{ answer: string }>) => [...new Set(answers.map((a) => a.answer))];

/** The first normal answer after which every answer started later is normal: when the site recovered. */
function recoveredAt(samples: Sample[], startEnd: number): number | null {
  const after = samples.filter((s) => s.startedAt >= startEnd).sort((a, b) => a.startedAt - b.startedAt);
  const lastBad = after.findLastIndex((s) => !s.ok);
  const firstGood = after[lastBad + 1];
  return firstGood ? firstGood.endedAt : null;
}

/** When the database was stopped and started again, in ms since the traffic began. */
type Timeline = { stopBegin: number; stopEnd: number; startBegin: number; startEnd: number };

function phaseOf(s: Sample, { stopBegin, stopEnd, startBegin, startEnd }: Timeline): Phase {
  if (s.endedAt < stopBegin) return "before";
  // For up to the page cache's version check interval after the stop, cached pages are still served
  // (the site has not asked the database yet): that is the stop's tail, not the outage.
  if (s.startedAt < stopEnd + VERSION_TTL_MS) return "stopping";
  if (s.endedAt <= startBegin) return "outage";
  if (s.startedAt < startEnd) return "restarting";
  return "after";
}

async function startSite(pg: ScratchPostgres, dir: string, log: (line: string) => void) {
  const t = performance.now();
  // SQLITE_PATH points at a file that is never made: with DATABASE_URL set it must stay unused.
  const site = await startServer(
    {
      DATABASE_URL: pg.url,
      SQLITE_PATH: join(dir, "unused.sqlite"),
      MEDIA_DIR: "data/media",
      LOG_LEVEL: "warn",
      CONTACT_RATE_LIMIT_MAX: "100000",
    },
    { timeoutMs: 600_000 },
  );
  const seedStartMs = Math.round(performance.now() - t);
  log(`site started on PostgreSQL with the seed content in ${seedStartMs} ms`);
  return { site, seedStartMs };
}

/** Traffic and readiness checks through a stop and a start of the database, until the site recovers or the wait ends. */
async function throughTheOutage(
  site: ServerProcess,
  pg: ScratchPostgres,
  targets: Target[],
  o: DatabaseFaultOptions,
  log: (line: string) => void,
) {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const stream = requestStream(site.url, targets, { t0, workers: o.workers ?? 4 });
  const checks = readinessChecks(site.url, now);
  await sleep(o.beforeMs);
  const stopBegin = now();
  await pg.stop();
  const stopEnd = now();
  log(`database stopped in ${Math.round(stopEnd - stopBegin)} ms`);
  await sleep(o.outageMs);
  const startBegin = now();
  await pg.start();
  const startEnd = now();
  log(`database started again in ${Math.round(startEnd - startBegin)} ms`);
  for (let i = 0; i < 1000 && now() - startEnd < o.recoveryWaitMs && site.child.exitCode === null; i++) {
    const at = recoveredAt(stream.samples, startEnd);
    // Wait until a whole round of targets has answered normally, so one lucky answer does not count.
    if (at !== null && stream.samples.filter((s) => s.startedAt >= startEnd && s.endedAt >= at).length >= targets.length) break;
    await sleep(100);
  }
  await sleep(o.afterMs);
  await stream.stop();
  const answers = await checks.stop();
  return { samples: stream.samples, answers, time: { stopBegin, stopEnd, startBegin, startEnd } };
}

/** The result, read off the samples, the readiness answers and the site's log. */
function judge(
  site: ServerProcess,
  dir: string,
  seedStartMs: number,
  samples: Sample[],
  answers: Array<{ at: number; answer: string }>,
  time: Timeline,
): DatabaseFaultResult {
  const { stopBegin, stopEnd, startBegin, startEnd } = time;
  const byPhase = (p: Phase) => samples.filter((s) => phaseOf(s, time) === p);
  const counts = Object.fromEntries(
    (["before", "stopping", "outage", "restarting", "after"] as Phase[]).map((p) => [p, countByStatus(byPhase(p))]),
  ) as Record<Phase, Record<string, number>>;
  const outage = byPhase("outage");
  const seen = new Map<string, DatabaseFaultResult["outageAnswers"][number]>();
  for (const s of outage) {
    const key = `${s.kind} ${s.status} ${s.contentType} ${s.excerpt}`;
    if (!seen.has(key)) seen.set(key, { kind: s.kind, status: s.status, contentType: s.contentType, excerpt: s.excerpt ?? "" });
  }
  const recovered = recoveredAt(samples, startEnd);
  const recoveryMs = recovered === null ? null : Math.max(0, Math.round(recovered - startEnd));
  const beforeRecovery = samples
    .filter((s) => s.startedAt >= startEnd && !s.ok && (recovered === null || s.startedAt < recovered))
    .slice(0, 20)
    .map((s) => ({ ...s, sinceReadyMs: Math.round(s.startedAt - startEnd) }));
  const afterRecoveryFailures = recovered === null ? [] : samples.filter((s) => s.startedAt >= recovered && !s.ok);
  const serverAlive = site.child.exitCode === null && site.child.signalCode === null;
  const serverExit = serverAlive ? null : String(site.child.exitCode ?? site.child.signalCode);
  const unexpected = samples.filter((s) => !s.ok && s.status !== 503).map((s) => ({ ...s, phase: phaseOf(s, time) }));
  const { errors, warns } = logLines(site.output());
  return {
    seedStartMs,
    pgStopMs: Math.round(stopEnd - stopBegin),
    pgStartMs: Math.round(startEnd - startBegin),
    counts,
    baselineFailures: byPhase("before").filter((s) => !s.ok),
    outageViolations: outage.filter((s) => !isClearUnavailable(s)),
    outageAnswers: [...seen.values()],
    readiness: {
      before: distinct(answers.filter((a) => a.at < stopBegin)),
      outage: distinct(answers.filter((a) => a.at >= stopEnd + 1000 && a.at <= startBegin)),
      // The readiness check keeps a database answer for a second, and waits a second at most for one.
      after: distinct(answers.filter((a) => recovered !== null && a.at >= recovered + 2000)),
    },
    unexpected,
    recoveryMs,
    beforeRecovery,
    afterRecoveryFailures,
    serverAlive,
    serverExit,
    serverPid: site.child.pid!,
    sqliteUsed: existsSync(join(dir, "unused.sqlite")),
    errorLogLines: errors,
    warnLogCount: warns,
  };
}

export async function runDatabaseFault(o: DatabaseFaultOptions): Promise<DatabaseFaultResult> {
  const log = o.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), "visit-syria-faults-"));
  let pg: ScratchPostgres | undefined;
  let site: ServerProcess | undefined;
  try {
    pg = await startScratchPostgres();
    log(`scratch PostgreSQL on port ${pg.port}`);
    const started = await startSite(pg, dir, log);
    site = started.site;
    const targets = await targetsOf(site.url);
    const { samples, answers, time } = await throughTheOutage(site, pg, targets, o, log);
    return judge(site, dir, started.seedStartMs, samples, answers, time);
  } finally {
    await site?.stop();
    await pg?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
