// The content publishing path at national scale (#26): for each size of a generated content set
// (harness/scale-content.ts) and each engine, the set loaded with `content:load`, the server started as
// `npm start` starts it, and an editor's work measured through the workspace's own forms (open, save, preview,
// publish, unpublish), then how soon the public page, the search and the API show it, search latency, the
// warm page's and an API list's rates alone and during one publish a second, the server's memory, and
// `content:export`. Only the public HTTP forms, pages and API and the two commands are used, so the part
// measures whatever the publishing path does. Each step has a time limit; a process that dies or a step that
// runs out of time is recorded as such and the next size or engine goes on.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { BenchContext, BenchPart } from "../lib/types.ts";
import { mb } from "../lib/spread.ts";
import { timed } from "../../harness/workspace-forms.ts";
import { commandFailure, runNpmScript } from "../lib/measured-command.ts";
import { copySlugs, seedPlaceCount, writeScaleContent } from "../../harness/scale-content.ts";
import { turnReviewOff } from "../../harness/review-rule.ts";
import { startServer, type ServerProcess } from "../../harness/server-process.ts";
import { startScratchPostgres, type ScratchPostgres } from "../../harness/scratch-postgres.ts";
import { NODE_FLAGS, PROCESS_ENV } from "../../server/runtime.ts";
import {
  type Case,
  type CaseSetup,
  cell,
  emptyCase,
  type Engine,
  ENGINE_NAMES,
  env,
  limitsFor,
  sleep,
  StepTimeout,
} from "../lib/scale-case.ts";
import { startSession } from "../lib/scale-server.ts";
import { findPlace, searchLatency, signInEditor, warmUp, workspaceLists } from "../lib/scale-steps.ts";
import { drafts, editorRuns, morePublishes, openData, previews, rates } from "../lib/scale-publishing.ts";
import { report } from "../lib/scale-report.ts";

function count(name: string, fallback: number, min: number, max: number): number {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number ${min}..${max}`);
  return value;
}

/** npm start's command line, which the harness's server must match (flags and allocator settings). */
function checkStartFlags() {
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start;
  const missing = [...NODE_FLAGS, ...Object.entries(PROCESS_ENV).map(([k, v]) => `${k}=${v}`)].filter(
    (w) => !start.split(/\s+/).includes(w),
  );
  if (missing.length) throw new Error(`npm start and the harness's server differ: ${missing.join(", ")}`);
}

export const scale: BenchPart = async (ctx) => {
  checkStartFlags();
  const seedPlaces = seedPlaceCount();
  const sizes = env("BENCH_SCALE_SIZES", "100,2000,10000,50000")
    .split(",")
    .map((s) => Number(s.trim()));
  for (const size of sizes)
    if (!Number.isInteger(size) || size < seedPlaces + 2 || size > 200_000)
      throw new Error(`BENCH_SCALE_SIZES: ${size} is not a size from ${seedPlaces + 2} (the seed's places and two copies) to 200000`);
  const engines = env("BENCH_SCALE_ENGINES", "sqlite,postgres")
    .split(",")
    .map((e) => e.trim()) as Engine[];
  for (const e of engines) if (!(e in ENGINE_NAMES)) throw new Error(`BENCH_SCALE_ENGINES: ${e} is not sqlite or postgres`);
  const options = {
    runs: count("BENCH_SCALE_RUNS", 10, 1, 100),
    publishes: count("BENCH_SCALE_PUBLISHES", 100, 1, 1000),
    exports: count("BENCH_SCALE_EXPORTS", 3, 1, 10),
    seconds: count("BENCH_LOAD_SECONDS", 10, 1, 3600),
  };
  // The place every run edits and publishes, and the one taken off the site and put back: the first two
  // copies, which every set has (so 100 places compares with 50,000).
  const [target, other] = copySlugs(2);
  const root = join(ctx.scratchDir, "scale");
  mkdirSync(root, { recursive: true });
  const cases: Case[] = [];
  let postgres: ScratchPostgres | undefined;
  let postgresFailure: string | undefined;
  try {
    for (const size of sizes) {
      const limits = limitsFor(size);
      const dir = join(root, `set-${size}`);
      ctx.log(`${size} places: generating the set`);
      let generated: { ms: number } | undefined;
      let generateFailure: string | undefined;
      try {
        generated = await Promise.race([
          timed(async () => {
            writeScaleContent(dir, size);
            // The publishes measured are one editor's; an approval publishes the same way (harness/review-rule.ts).
            turnReviewOff(dir);
          }),
          sleep(limits.generate).then(() => {
            throw new StepTimeout(`timed out after ${limits.generate / 1000} s`);
          }),
        ]);
        ctx.log(`${size} places: set written in ${generated.ms} ms`);
      } catch (error) {
        generateFailure = `generating the set failed: ${(error as Error).message}`;
      }
      for (const engine of engines) {
        const c = emptyCase(size, engine);
        cases.push(c);
        if (generateFailure) {
          c.failures.generate = generateFailure;
          continue;
        }
        let database: { sqlitePath: string; databaseUrl?: string };
        let dropDatabase = async () => {};
        if (engine === "sqlite") database = { sqlitePath: join(root, `site-${size}.sqlite`) };
        else {
          try {
            postgres ??= await startScratchPostgres();
            const name = `scale_${size}`;
            await adminQuery(postgres.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await adminQuery(postgres.url, `CREATE DATABASE ${name}`);
            database = { sqlitePath: join(root, "unused.sqlite"), databaseUrl: postgres.url.replace(/\/postgres$/, `/${name}`) };
            const url = postgres.url;
            dropDatabase = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } catch (error) {
            postgresFailure = (error as Error).message;
            c.failures.database = `no scratch PostgreSQL: ${postgresFailure.split("\n")[0]}`;
            continue;
          }
        }
        try {
          await measureCase(ctx, c, { dir, database, limits, target, other, ...options });
        } finally {
          await dropDatabase().catch(() => {});
          if (engine === "sqlite") for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database.sqlitePath}${suffix}`, { force: true });
        }
        ctx.log(
          `${size} places on ${ENGINE_NAMES[engine]}: ${Object.keys(c.failures).length ? `problems: ${JSON.stringify(c.failures)}` : "done"}`,
        );
      }
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await postgres?.destroy();
  }
  return report(cases, { sizes, engines, seedPlaces, target: target.slug, other: other.slug, ...options });
};

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, query_timeout: 60_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function measureCase(ctx: BenchContext, c: Case, setup: CaseSetup) {
  const { dir, database, limits } = setup;
  const label = `${c.size} places on ${ENGINE_NAMES[c.engine]}`;
  const dbEnv: Record<string, string> = database.databaseUrl
    ? { DATABASE_URL: database.databaseUrl }
    : { SQLITE_PATH: database.sqlitePath };
  const serverEnv = { ...dbEnv, CONTENT_DIR: dir, MEDIA_DIR: "data/media", LOG_LEVEL: "warn" };

  // content:load into the empty database.
  ctx.log(`${label}: content:load`);
  const load = await runNpmScript("content:load", [], serverEnv, limits.load);
  const loadFailure = commandFailure(load, limits.load);
  c.loadMs = load.ms;
  c.loadPeakRssMB = mb(load.peakRssBytes);
  ctx.log(`${label}: content:load ${load.ms} ms, peak RSS ${c.loadPeakRssMB} MB${loadFailure ? ` (${loadFailure})` : ""}`);
  if (loadFailure) {
    c.failures.load = loadFailure;
    if (loadFailure.startsWith("process killed")) c.killed.push(`content:load: ${loadFailure}`);
    return;
  }

  await measureServer(ctx, c, setup, () => startServer(serverEnv, { timeoutMs: limits.start }), label);

  // content:export of what the database publishes, a few times.
  for (let i = 0; i < setup.exports; i++) {
    const to = join(dir, `..`, `export-${c.size}-${c.engine}-${i}`);
    const run = await runNpmScript("content:export", [to], serverEnv, limits.export);
    rmSync(to, { recursive: true, force: true });
    const failure = commandFailure(run, limits.export);
    if (failure) {
      c.failures.export = failure;
      if (failure.startsWith("process killed")) c.killed.push(`content:export: ${failure}`);
      break;
    }
    c.exportMs.push(run.ms);
    c.exportPeakRssMB.push(mb(run.peakRssBytes));
  }
  ctx.log(`${label}: content:export ${cell(c.exportMs)} ms, peak RSS ${cell(c.exportPeakRssMB)} MB`);
}

/** The server's part of a case: an editor's work through the forms, the public site, load, memory. */
async function measureServer(ctx: BenchContext, c: Case, setup: CaseSetup, start: () => Promise<ServerProcess>, label: string) {
  const s = await startSession(ctx, c, setup, start, label);
  if (!s) return;
  try {
    if (!(await signInEditor(s))) return;
    await workspaceLists(s);
    const place = await findPlace(s);
    if (!place) return;
    await warmUp(s, place);
    await searchLatency(s, place);
    const d = drafts(s);
    await editorRuns(s, place, d);
    await rates(s, place, d);
    await morePublishes(s, d);
    await openData(s);
    await previews(s, d);
  } finally {
    await s.end();
  }
}
