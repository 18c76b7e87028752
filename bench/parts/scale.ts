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
import { parse } from "yaml";
import type { BenchContext, BenchPart, Budget } from "../lib/types.ts";
import { mb, spreadText } from "../lib/spread.ts";
import { percentile, runCannon, type Run } from "../lib/http-cannon.ts";
import { API, BROWSER_HEADERS, SEARCH_QUERIES } from "../lib/traffic.ts";
import { withField } from "../../harness/form-fields.ts";
import { timed, workspaceForms } from "../../harness/workspace-forms.ts";
import { commandFailure, runNpmScript } from "../lib/measured-command.ts";
import { copySlugs, seedPlaceCount, writeScaleContent } from "../../harness/scale-content.ts";
import { turnReviewOff } from "../../harness/review-rule.ts";
import { startServer, type ServerProcess } from "../../harness/server-process.ts";
import { startScratchPostgres, type ScratchPostgres } from "../../harness/scratch-postgres.ts";
import { rssOf } from "../../harness/website.ts";
import { type CookieJar, open, signIn, workspaceAccount } from "../../harness/workspace-probes.ts";
import { NODE_FLAGS, PROCESS_ENV } from "../../server/runtime.ts";

/** min / median / max, or a dash when nothing was measured. */
const cell = (s: number[], digits = 0) => (s.length ? spreadText(s, digits) : "–");

type Engine = "sqlite" | "postgres";
const ENGINE_NAMES: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };
/** The budgets' size (#26). */
const BUDGET_SIZE = 50_000;
const FROM = "127.0.0.1";
const CONNECTIONS = 50;
const PAGE = "/ar";
/** Page and list rates are measured in this many slices alone, each followed by one during publishes. */
const SLICES = 3;
const SEARCHES = 200;
/** From a publish until the change must be seen, or the run is recorded as not showing it. */
const VISIBLE_LIMIT_MS = 60_000;
const POLL_MS = 20;
/** Server processes one case may start: the first, and new ones after deaths. */
const MAX_STARTS = 4;

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
function count(name: string, fallback: number, min: number, max: number): number {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number ${min}..${max}`);
  return value;
}

/** A series of timings (ms) or rates; empty when the step did not get that far. */
type Series = number[];

/** One size on one engine: every figure, and what went wrong where. */
type Case = {
  size: number;
  engine: Engine;
  /** Step name → "timed out after N s", "process killed: …", "failed: …", "not measured: …". */
  failures: Record<string, string>;
  killed: string[];
  /** Servers started again after one died. */
  restarts: number;
  loadMs?: number;
  loadPeakRssMB?: number;
  startMs?: number;
  firstSearchMs?: number;
  rssAfterLoadMB?: number;
  editPageMs: Series;
  saveMs: Series;
  previewFirstMs: Series;
  previewRepeatMs: Series;
  publishMs: Series;
  toSearchMs: Series;
  toApiMs: Series;
  toPageMs: Series;
  firstSearchAfterPublishMs: Series;
  unpublishMs: Series;
  publishOffSiteMs: Series;
  searchMs: Series;
  pageRps: Series;
  pageRpsStorm: Series;
  listRps: Series;
  listRpsStorm: Series;
  stormPublishMs: Series;
  /** Errors and non-2xx answers under load (alone and during publishes). */
  loadErrors: number;
  publishes: number;
  rssAfterPublishesMB?: number;
  /** Publishes made by the process whose RSS that is (a server started again after a death counts from zero). */
  publishesByThatServer?: number;
  exportMs: Series;
  exportPeakRssMB: Series;
  /** The open data's places.geojson (decision 032): built by the first request after the publishes, then read. */
  openDataFirstMs?: number;
  openDataAgainMs: Series;
  openDataJsonMB?: number;
  rssAfterOpenDataMB?: number;
  /** The workspace's content list (a page of 50, filtered, found by name) and translations table, ms. */
  workspaceListMs: Series;
  translationsMs: Series;
};

class StepTimeout extends Error {}
class ServerDied extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** npm start's command line, which the harness's server must match (flags and allocator settings). */
function checkStartFlags() {
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start;
  const missing = [...NODE_FLAGS, ...Object.entries(PROCESS_ENV).map(([k, v]) => `${k}=${v}`)].filter(
    (w) => !start.split(/\s+/).includes(w),
  );
  if (missing.length) throw new Error(`npm start and the harness's server differ: ${missing.join(", ")}`);
}

/** Why the server stopped, from its exit and its last words. */
function deathOf(server: ServerProcess): string {
  const { exitCode, signalCode } = server.child;
  const how = signalCode ?? `exit ${exitCode}`;
  return /heap out of memory|Allocation failed/i.test(server.output())
    ? `process killed: JavaScript heap out of memory (${how})`
    : `process killed (${how})`;
}

/** Stops the server, and kills it when it does not end within `ms`. */
async function stopServer(server: ServerProcess, ms = 30_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const stopped = server.stop();
  const late = await Promise.race([stopped.then(() => false), sleep(ms).then(() => true)]);
  if (late) {
    server.child.kill("SIGKILL");
    await stopped;
  }
}

/** The time limits of one size, in ms: generous, and growing with the number of places. */
function limitsFor(size: number) {
  const factor = Number(env("BENCH_SCALE_TIME_FACTOR", "1"));
  if (!(factor > 0 && factor <= 100)) throw new Error("BENCH_SCALE_TIME_FACTOR must be a number in (0, 100]");
  const k = size / 1000;
  const s = (base: number, perThousand: number) => Math.round((base + perThousand * k) * 1000 * factor);
  const request = s(30, 6);
  return {
    generate: s(60, 10),
    load: s(120, 60),
    start: s(60, 10),
    /** One request of the workspace (open, save, preview, publish) or of the public site. */
    request,
    search: s(120, 20),
    publishes: s(600, 60),
    export: s(120, 30),
  };
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

function emptyCase(size: number, engine: Engine): Case {
  return {
    size,
    engine,
    failures: {},
    killed: [],
    restarts: 0,
    editPageMs: [],
    saveMs: [],
    workspaceListMs: [],
    translationsMs: [],
    previewFirstMs: [],
    previewRepeatMs: [],
    publishMs: [],
    toSearchMs: [],
    toApiMs: [],
    toPageMs: [],
    firstSearchAfterPublishMs: [],
    unpublishMs: [],
    publishOffSiteMs: [],
    searchMs: [],
    pageRps: [],
    pageRpsStorm: [],
    listRps: [],
    listRpsStorm: [],
    stormPublishMs: [],
    loadErrors: 0,
    publishes: 0,
    exportMs: [],
    openDataAgainMs: [],
    exportPeakRssMB: [],
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, query_timeout: 60_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Item = { type: string; slug: string; name: string };
type CaseSetup = {
  dir: string;
  database: { sqlitePath: string; databaseUrl?: string };
  limits: ReturnType<typeof limitsFor>;
  target: Item;
  other: Item;
  runs: number;
  publishes: number;
  exports: number;
  seconds: number;
};

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

/** A public place as the API's lists and search give it. */
type Found = { id: number; place_name: string; description: string };
type Page<T> = { data: T[]; meta?: { last_page?: number } };

/** The English names of an item's category and city, from the set's own files. */
function placeOf(dir: string, item: Item): { category: string; city: string } {
  const folder = { site: "places", culture: "culture", service: "services" }[item.type] ?? item.type;
  const body = parse(readFileSync(join(dir, folder, `${item.slug}.yaml`), "utf8")) as { category: string; city: string };
  const english = (file: string, slug: string) =>
    (parse(readFileSync(join(dir, file), "utf8")) as Array<{ slug: string; name: { en: string } }>).find((x) => x.slug === slug)?.name.en;
  const category = english("categories.yaml", body.category);
  const city = english("cities.yaml", body.city);
  if (!category || !city) throw new Error(`${item.slug}: its category or city is not in the set`);
  return { category, city };
}

/**
 * The server's part of a case: an editor's work through the forms, the public site, load, memory. When the
 * server dies in a step, that is recorded and a new one is started on the same database for the next step
 * (at most `MAX_STARTS` in all), so one part of the site that cannot hold the content does not hide the others.
 */
async function measureServer(ctx: BenchContext, c: Case, setup: CaseSetup, start: () => Promise<ServerProcess>, label: string) {
  const { limits, target, other } = setup;
  let server: ServerProcess | undefined;
  /** Why the running server stopped, until a new one is started. */
  let died: string | undefined;
  let death: Promise<never> = new Promise(() => {});
  let cannotStart: string | undefined;
  /** Publishes made by the running server process (its memory is read after them). */
  let publishesHere = 0;
  /** What was asked of the server last: where it was when it died. */
  let doing = "starting";
  const note = (what: string) => {
    doing = what;
  };

  async function launch(): Promise<boolean> {
    if (cannotStart) return false;
    if (c.restarts >= MAX_STARTS - 1 && server) {
      cannotStart = `it died ${c.restarts + 1} times`;
      return false;
    }
    try {
      const { ms, value } = await timed(start);
      if (server) c.restarts++;
      else c.startMs = ms;
      server = value;
      died = undefined;
      publishesHere = 0;
      death = new Promise<never>((_, reject) =>
        value.child.once("exit", () => {
          died = deathOf(value);
          reject(new ServerDied(died));
        }),
      );
      death.catch(() => {});
      return true;
    } catch (error) {
      const message = (error as Error).message;
      cannotStart = /heap out of memory/i.test(message)
        ? "process killed: JavaScript heap out of memory while starting"
        : `the server did not start: ${message.split("\n")[0]}`;
      if (cannotStart.startsWith("process killed")) c.killed.push(`server: ${cannotStart}`);
      return false;
    }
  }
  if (!(await launch())) {
    c.failures.start = cannotStart ?? "the server did not start";
    return;
  }
  const base = () => server!.url;
  const api = () => `${base()}${API}`;
  let jar: CookieJar | undefined;
  let editor: ReturnType<typeof workspaceForms> | undefined;
  const forms = () => {
    if (!editor) throw new Error("not signed in");
    return editor;
  };
  /** Searching killed the server once: the public search is then left out of what a run watches. */
  let searchKills = false;

  /** Runs one step within its limit; records a timeout, the server's death or an error, and answers whether it finished. */
  async function step(name: string, limitMs: number, work: (stopped: () => boolean) => Promise<void>): Promise<boolean> {
    if (died) {
      if (!(await launch())) {
        c.failures[name] = `not measured: no server (${cannotStart})`;
        return false;
      }
      if (jar) editor = workspaceForms(base(), FROM, jar, limits.request, note);
    }
    let over = false;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        over = true;
        reject(new StepTimeout(`timed out after ${Math.round(limitMs / 1000)} s`));
      }, limitMs);
    });
    try {
      await Promise.race([work(() => over || died !== undefined), limit, death]);
      return true;
    } catch (error) {
      // A request that failed because the server died tells less than the death itself.
      await sleep(200);
      if (died) {
        const text = `${died}, while ${doing}`;
        c.failures[name] = text;
        c.killed.push(`server: ${text}`);
        if (/search/.test(doing)) searchKills = true;
      } else c.failures[name] = (error as Error).message;
      return false;
    } finally {
      over = true;
      clearTimeout(timer);
    }
  }

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(limits.request) });
    return { status: res.status, text: await res.text() };
  };
  const json = async <T>(path: string): Promise<T> => {
    const answer = await get(`${api()}${path}`);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    return JSON.parse(answer.text) as T;
  };
  const search = async (name: string, path = "/place1/search?page=1&per_page=10", language = 1) => {
    const res = await fetch(`${api()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, star: 0, service: 0, language }),
      signal: AbortSignal.timeout(limits.request),
    });
    if (res.status !== 200) throw new Error(`search: ${res.status}`);
    return ((await res.json()) as { data: Found[] }).data;
  };

  try {
    // An editor, signed in through the form.
    await step("sign-in", limits.request * 2, async () => {
      note("signing in");
      const email = await workspaceAccount(setup.database, "editor");
      const signedIn = await signIn(base(), FROM, email);
      if (signedIn.answer.status !== 303) throw new Error(`sign-in answered ${signedIn.answer.status}`);
      jar = signedIn.jar;
      editor = workspaceForms(base(), FROM, signedIn.jar, limits.request, note);
    });
    if (!jar) return;

    // The workspace's lists at this size: pages of 50 read by columns beside the bodies, never every body.
    await step("lists", 5 * 8 * limits.request, async (stopped) => {
      const lists: Array<[string, Series]> = [
        ["/admin/content?type=site", c.workspaceListMs],
        ["/admin/content?type=site&city=damascus&state=published&sort=title&page=2", c.workspaceListMs],
        ["/admin/content?type=site&q=citadel", c.workspaceListMs],
        // Found by a misspelt Arabic name (غ for ع), and filtered by columns a body would otherwise be read for.
        [`/admin/content?type=site&q=${encodeURIComponent("الجامغ الاموي")}`, c.workspaceListMs],
        ["/admin/content?type=service&governorate=homs&state=changed", c.workspaceListMs],
        ["/admin/content?type=culture&problems=yes&translation=ar%3Amissing&sort=updated", c.workspaceListMs],
        ["/admin/translations", c.translationsMs],
        ["/admin/translations?language=fr&state=all&page=3", c.translationsMs],
      ];
      for (let round = 0; round < 5 && !stopped(); round++)
        for (const [path, into] of lists) {
          const started = performance.now();
          const answer = await open(base(), FROM, jar!, path, limits.request);
          if (!("status" in answer) || answer.status !== 200)
            throw new Error(`${path} answered ${"status" in answer ? answer.status : "nothing"}`);
          into.push(Math.round(performance.now() - started));
        }
    });
    ctx.log(`${label}: workspace list ${cell(c.workspaceListMs)} ms, translations ${cell(c.translationsMs)} ms`);

    // The target's public place, found through the API's lists as the app finds it (not the search, which
    // has its own step).
    let found: { id: number; category: number; city: number } | undefined;
    await step("find the place", limits.request * 10, async () => {
      note("answering the API's lists");
      const names = placeOf(setup.dir, target);
      type Named = { id: number; cat_name?: string; city_name?: string };
      const category = (await json<Page<Named>>("/category1/category/language/1")).data.find((x) => x.cat_name === names.category);
      if (!category) throw new Error(`no category ${names.category} in the API`);
      const city = (await json<Page<Named>>(`/city1/cities/category/${category.id}/language/1`)).data.find(
        (x) => x.city_name === names.city,
      );
      if (!city) throw new Error(`no city ${names.city} in the API`);
      for (let page = 1, last = 1; page <= last && !found; page++) {
        const list = await json<Page<Found>>(`/place1/places/city/${city.id}/category/${category.id}/language/1?page=${page}&per_page=50`);
        last = Math.min(list.meta?.last_page ?? 1, 1000);
        const place = list.data.find((p) => p.place_name === target.name);
        if (place) found = { id: place.id, category: category.id, city: city.id };
      }
      if (!found) throw new Error(`${target.name} is not in its city's list`);
    });
    if (!found) return;
    const placeId = found.id;
    const pagePath = `/cities/${found.category}/sites/${found.city}/action/${found.id}`;
    const listPath = `${API}/place1/places/city/${found.city}/category/${found.category}/language/1`;
    await step("warm-up", limits.request * 3, async () => {
      note("answering the first page and API requests");
      for (const url of [base() + pagePath, `${api()}/place1/places/${placeId}`, base() + PAGE])
        if ((await get(url)).status !== 200) throw new Error(`${url}: not 200`);
      c.rssAfterLoadMB = mb(rssOf(server!.child.pid!));
    });
    ctx.log(`${label}: started in ${c.startMs} ms, RSS ${c.rssAfterLoadMB ?? "–"} MB after the first page and API answers`);

    // The first search on this server builds its index; then search latency, unloaded: each query and page
    // asked once (no answer comes from the answer cache).
    await step("first search", limits.request, async () => {
      note("answering the first search");
      const { ms, value } = await timed(() => search(target.name));
      c.firstSearchMs = ms;
      if (!value.some((p) => p.id === placeId)) throw new Error(`the search for "${target.name}" does not find it in its first 10`);
    });
    if (searchKills) c.failures.search = "not measured: searching killed the server";
    else
      await step("search", limits.search, async (stopped) => {
        note("answering searches");
        const queries = SEARCH_QUERIES.flatMap((q) =>
          Array.from({ length: Math.ceil(SEARCHES / SEARCH_QUERIES.length) }, (_, i) => ({ ...q, page: i + 1 })),
        ).slice(0, SEARCHES);
        for (const q of queries) {
          if (stopped()) return;
          c.searchMs.push((await timed(() => search(q.name, `/place1/search?page=${q.page}&per_page=10`, q.language))).ms);
        }
      });
    ctx.log(
      `${label}: first search ${c.firstSearchMs ?? "–"} ms; ${c.searchMs.length} searches, p50 ${pct(c.searchMs, 50)} ms, p99 ${pct(c.searchMs, 99)} ms`,
    );

    // The editor's runs: open, save, publish and watch the public site; another place off and on.
    const original = { summary: "" };
    /** Opens the target and saves a new summary; the runs' (unloaded) timings are kept, not the others'. */
    const cycle = async (token: string, record: boolean) => {
      const opened = await forms().open(target);
      original.summary ||= opened.fields.find(([n]) => n === "summary.en")?.[1] ?? "";
      if (!original.summary) throw new Error("the edit page has no summary.en field");
      const saved = await forms().save(target, withField(opened.fields, "summary.en", `${original.summary} (${token})`));
      if (record) {
        c.editPageMs.push(opened.ms);
        c.saveMs.push(saved.ms);
      }
      return saved.revision;
    };
    const published = () => {
      c.publishes++;
      publishesHere++;
    };
    const nonce = Date.now().toString(36);

    /** From a publish until the search, the API and the page show the token; the first search that does, timed alone. */
    const visibility = async (token: string, startedAt: number, stopped: () => boolean) => {
      const seen: { search?: number; api?: number; page?: number; firstSearch?: number } = {};
      const watched = searchKills ? (["api", "page"] as const) : (["search", "api", "page"] as const);
      const since = () => Math.round(performance.now() - startedAt);
      while (since() < VISIBLE_LIMIT_MS && !stopped()) {
        if (!searchKills && seen.search === undefined) {
          note("answering a search after a publish");
          const { ms, value } = await timed(() => search(target.name));
          if (value.find((p) => p.id === placeId)?.description.includes(token)) {
            seen.search = since();
            seen.firstSearch = ms;
          }
        }
        note("answering the public API and page after a publish");
        if (seen.api === undefined) {
          const answer = await get(`${api()}/place1/places/${placeId}`);
          if (answer.status === 200 && answer.text.includes(token)) seen.api = since();
        }
        if (seen.page === undefined) {
          const answer = await get(base() + pagePath);
          if (answer.status === 200 && answer.text.includes(token)) seen.page = since();
        }
        if (watched.every((k) => seen[k] !== undefined)) break;
        await sleep(POLL_MS);
      }
      return { seen, missing: watched.filter((k) => seen[k] === undefined) };
    };

    let runsDone = 0;
    await step("runs", setup.runs * (6 * limits.request + VISIBLE_LIMIT_MS), async (stopped) => {
      for (let run = 1; run <= setup.runs && !stopped(); run++) {
        const token = `scale-check-${nonce}-${run}`;
        const revision = await cycle(token, true);
        const startedAt = performance.now();
        c.publishMs.push(await forms().act(target, revision, "publish"));
        published();
        const { seen, missing } = await visibility(token, startedAt, stopped);
        if (seen.search !== undefined) c.toSearchMs.push(seen.search);
        if (seen.api !== undefined) c.toApiMs.push(seen.api);
        if (seen.page !== undefined) c.toPageMs.push(seen.page);
        if (seen.firstSearch !== undefined) c.firstSearchAfterPublishMs.push(seen.firstSearch);
        if (missing.length) c.failures.visible = `run ${run}: not shown in ${missing.join(", ")} within ${VISIBLE_LIMIT_MS / 1000} s`;
        c.unpublishMs.push(await forms().act(other, (await forms().open(other)).revision, "unpublish"));
        c.publishOffSiteMs.push(await forms().act(other, (await forms().open(other)).revision, "publish"));
        published();
        runsDone = run;
      }
    });
    if (c.failures.runs) c.failures.runs += ` (after ${runsDone} of ${setup.runs} runs)`;
    if (searchKills && !c.failures.visible && c.toPageMs.length)
      c.failures.visible = "the public search not watched: searching killed the server";
    ctx.log(`${label}: save ${cell(c.saveMs)} ms, publish ${cell(c.publishMs)} ms, to page ${cell(c.toPageMs)} ms`);

    /** One publish a second (or back to back, when one takes longer), each of a new summary, until stopped. */
    let stormFailure: string | undefined;
    const storm = () => {
      let stopping = false;
      const running = (async () => {
        let next = performance.now();
        while (!stopping) {
          while (!stopping && performance.now() < next) await sleep(Math.min(50, next - performance.now()));
          if (stopping) break;
          next = performance.now() + 1000;
          const revision = await cycle(`scale-storm-${nonce}-${c.publishes}`, false);
          c.stormPublishMs.push(await forms().act(target, revision, "publish"));
          published();
        }
      })().catch((error) => {
        stormFailure = (error as Error).message;
      });
      return async () => {
        stopping = true;
        await running;
      };
    };

    // The warm page and the list, alone and during publishes, in alternate slices.
    const slice = Math.max(2, Math.round(setup.seconds / SLICES));
    const rate = (r: Run) => Math.round(Object.values(r.statuses).reduce((a, b) => a + b, 0) / r.seconds);
    const bad = (r: Run) =>
      r.errors +
      Object.entries(r.statuses)
        .filter(([code]) => !code.startsWith("2"))
        .reduce((n, [, k]) => n + k, 0);
    await step("rates", 2 * SLICES * (2 * (slice * 1000 + 11_000) + 5 * limits.request + 1500), async (stopped) => {
      for (const [path, alone, during] of [
        [PAGE, c.pageRps, c.pageRpsStorm],
        [listPath, c.listRps, c.listRpsStorm],
      ] as const) {
        for (let i = 0; i < SLICES && !stopped(); i++) {
          // The last publish is noticed by the pages within a second: the quiet slice starts after it, warm.
          await sleep(1500);
          for (let k = 0; k < 2; k++) await get(base() + path, BROWSER_HEADERS);
          note(`answering ${path} to ${CONNECTIONS} connections`);
          const quiet = await runCannon({ url: base() + path, connections: CONNECTIONS, duration: slice, headers: BROWSER_HEADERS });
          alone.push(rate(quiet));
          const stop = storm();
          const busy = await runCannon({ url: base() + path, connections: CONNECTIONS, duration: slice, headers: BROWSER_HEADERS });
          await stop();
          if (stormFailure) throw new Error(`a publish during the load failed: ${stormFailure}`);
          during.push(rate(busy));
          c.loadErrors += bad(quiet) + bad(busy);
        }
      }
    });
    ctx.log(
      `${label}: page ${cell(c.pageRps)} req/s alone, ${cell(c.pageRpsStorm)} during publishes; ` +
        `list ${cell(c.listRps)} alone, ${cell(c.listRpsStorm)} during (${c.stormPublishMs.length} publishes)`,
    );

    // Publishes until there have been `publishes`, then the server's memory.
    await step("publishes", limits.publishes, async (stopped) => {
      while (c.publishes < setup.publishes && !stopped()) {
        const revision = await cycle(`scale-more-${nonce}-${c.publishes}`, false);
        await forms().act(target, revision, "publish");
        published();
      }
      c.rssAfterPublishesMB = mb(rssOf(server!.child.pid!));
      c.publishesByThatServer = publishesHere;
    });
    if (c.failures.publishes) c.failures.publishes += ` (after ${c.publishes} publishes)`;
    ctx.log(`${label}: RSS ${c.rssAfterPublishesMB ?? "–"} MB after ${c.publishesByThatServer ?? 0} publishes by that server`);

    // The open data after the last publish: its first request builds places.geojson (streamed, never whole in
    // memory), the others read the file; the server's memory after it.
    await step("open data", limits.request * 20, async () => {
      note("building the open data");
      const fetchGeojson = async () => {
        const res = await fetch(`${base()}/open-data/places.geojson`, {
          headers: { "accept-encoding": "gzip" },
          signal: AbortSignal.timeout(limits.request * 10),
        });
        if (res.status !== 200) throw new Error(`places.geojson: ${res.status}`);
        return (await res.arrayBuffer()).byteLength;
      };
      const first = await timed(fetchGeojson);
      c.openDataFirstMs = first.ms;
      c.openDataJsonMB = Math.round((first.value / 2 ** 20) * 10) / 10;
      for (let i = 0; i < 3; i++) c.openDataAgainMs.push((await timed(fetchGeojson)).ms);
      c.rssAfterOpenDataMB = mb(rssOf(server!.child.pid!));
    });
    ctx.log(
      `${label}: places.geojson built in ${c.openDataFirstMs ?? "–"} ms (${c.openDataJsonMB ?? "–"} MB of JSON), ` +
        `then ${cell(c.openDataAgainMs)} ms; RSS ${c.rssAfterOpenDataMB ?? "–"} MB`,
    );

    // Previews last, since one renders the whole site with the draft in place: each of a new draft, then again.
    await step("previews", setup.runs * 4 * limits.request, async (stopped) => {
      for (let run = 1; run <= setup.runs && !stopped(); run++) {
        const token = `scale-preview-${nonce}-${run}`;
        await cycle(token, false);
        const first = await forms().preview(target);
        if (!first.body.includes(token)) throw new Error("the preview does not show the saved draft");
        c.previewFirstMs.push(first.ms);
        c.previewRepeatMs.push((await forms().preview(target)).ms);
      }
    });
    ctx.log(`${label}: first preview ${cell(c.previewFirstMs)} ms, again ${cell(c.previewRepeatMs)} ms`);
  } finally {
    // A death between steps (none asked the server anything) is recorded too.
    const last = died;
    if (last && !c.killed.some((k) => k.startsWith(`server: ${last}`))) c.killed.push(`server: ${last}, between steps`);
    if (server) await stopServer(server);
  }
}

const pct = (values: number[], p: number) => (values.length ? percentile(Float64Array.from(values).sort(), p) : Number.NaN);
const median = (values: number[]) => (values.length ? percentile(Float64Array.from(values).sort(), 50) : Number.NaN);

/** The #26 budgets of one case. */
function budgetsOf(c: Case): Budget[] {
  const where = `${c.size} places, ${ENGINE_NAMES[c.engine]}`;
  const why = (...steps: string[]) => steps.map((s) => c.failures[s]).find(Boolean) ?? "not measured";
  const atMost = (name: string, limit: number, unit: string, value: number, steps: string[], complete = true): Budget =>
    Number.isNaN(value) || !complete
      ? { name: `${where}: ${name}`, limit: `<= ${limit} ${unit}`, value: "not measured", pass: false, note: why(...steps) }
      : { name: `${where}: ${name}`, limit: `<= ${limit} ${unit}`, value, pass: value <= limit };
  const share = (name: string, alone: Series, during: Series): Budget => {
    const value = Math.round((median(during) / median(alone)) * 100) / 100;
    return Number.isNaN(value)
      ? { name: `${where}: ${name}`, limit: ">= 0.8", value: "not measured", pass: false, note: why("rates") }
      : { name: `${where}: ${name}`, limit: ">= 0.8", value, pass: value >= 0.8, note: `${median(during)} vs ${median(alone)} req/s` };
  };
  const maxOf = (s: Series) => (s.length ? Math.max(...s) : Number.NaN);
  const runsComplete = !c.failures.runs && !c.failures.visible;
  return [
    atMost("publish p99", 500, "ms", pct(c.publishMs, 99), ["runs"], !c.failures.runs),
    atMost("save p99", 200, "ms", pct(c.saveMs, 99), ["runs"], !c.failures.runs),
    atMost(
      "workspace list and translations page (slowest)",
      500,
      "ms",
      Math.max(maxOf(c.workspaceListMs), maxOf(c.translationsMs)),
      ["lists"],
      !c.failures.lists,
    ),
    atMost("first preview (slowest)", 1000, "ms", maxOf(c.previewFirstMs), ["runs"], !c.failures.runs),
    atMost(
      "publish to public page, search and API (slowest)",
      2000,
      "ms",
      Math.max(maxOf(c.toPageMs), maxOf(c.toSearchMs), maxOf(c.toApiMs)),
      ["visible", "runs"],
      runsComplete,
    ),
    atMost("first search after a publish (slowest)", 50, "ms", maxOf(c.firstSearchAfterPublishMs), ["visible", "runs"], runsComplete),
    atMost("search p99, unloaded", 20, "ms", pct(c.searchMs, 99), ["search"], !c.failures.search),
    share("warm page req/s during a publish a second vs without", c.pageRps, c.pageRpsStorm),
    share("list req/s during a publish a second vs without", c.listRps, c.listRpsStorm),
    atMost(
      "server RSS after load, the publishes and the open data",
      350,
      "MB",
      Math.max(c.rssAfterLoadMB ?? Number.NaN, c.rssAfterPublishesMB ?? Number.NaN, c.rssAfterOpenDataMB ?? Number.NaN),
      ["publishes", "runs", "rates", "start", "load", "open data"],
      !c.failures.publishes,
    ),
    {
      name: `${where}: no process killed`,
      limit: "0",
      value: c.killed.length,
      pass: c.killed.length === 0 && !c.failures.load?.startsWith("timed out"),
      ...(c.killed.length ? { note: c.killed.join("; ") } : {}),
    },
  ];
}

function report(
  cases: Case[],
  o: {
    sizes: number[];
    engines: Engine[];
    seedPlaces: number;
    target: string;
    other: string;
    runs: number;
    publishes: number;
    exports: number;
    seconds: number;
  },
) {
  const budgets: Budget[] = o.engines.flatMap((engine) => {
    const c = cases.find((x) => x.size === BUDGET_SIZE && x.engine === engine);
    if (c) return budgetsOf(c);
    return budgetsOf(emptyCase(BUDGET_SIZE, engine)).map((b) => ({
      ...b,
      value: "not measured",
      pass: false,
      note: `BENCH_SCALE_SIZES (${o.sizes.join(",")}) left out ${BUDGET_SIZE}`,
    }));
  });
  const one = (v: number | undefined) => (v === undefined ? "–" : String(v));
  const rows: Array<[string, (c: Case) => string]> = [
    ["content:load, s (peak RSS, MB)", (c) => (c.loadMs === undefined ? "–" : `${(c.loadMs / 1000).toFixed(1)} (${c.loadPeakRssMB})`)],
    ["server start, ms", (c) => one(c.startMs)],
    ["first search on the new server, ms", (c) => one(c.firstSearchMs)],
    ["server RSS after load, MB", (c) => one(c.rssAfterLoadMB)],
    [
      "workspace content list (a page of 50: plain, by city and state sorted by name, by name, by a misspelt Arabic name, by governorate and state, by problems and translation sorted by change), ms",
      (c) => cell(c.workspaceListMs),
    ],
    ["workspace translations table (the work to do; one language, all, page 3), ms", (c) => cell(c.translationsMs)],
    ["open the edit page, ms", (c) => cell(c.editPageMs)],
    ["save, ms", (c) => cell(c.saveMs)],
    ["first preview of the draft, ms", (c) => cell(c.previewFirstMs)],
    ["the same preview again, ms", (c) => cell(c.previewRepeatMs)],
    ["publish, ms", (c) => cell(c.publishMs)],
    ["publish → search shows it, ms", (c) => cell(c.toSearchMs)],
    ["publish → API shows it, ms", (c) => cell(c.toApiMs)],
    ["publish → page shows it, ms", (c) => cell(c.toPageMs)],
    ["first search answered with the change, ms", (c) => cell(c.firstSearchAfterPublishMs)],
    ["unpublish (another place), ms", (c) => cell(c.unpublishMs)],
    ["publish it back, ms", (c) => cell(c.publishOffSiteMs)],
    [
      `search, unloaded (${SEARCHES}), ms: min / p50 / p99 / max`,
      (c) =>
        c.searchMs.length
          ? `${Math.min(...c.searchMs)} / ${pct(c.searchMs, 50)} / ${pct(c.searchMs, 99)} / ${Math.max(...c.searchMs)}`
          : "–",
    ],
    [`warm page ${PAGE}, req/s`, (c) => cell(c.pageRps)],
    ["… during a publish a second", (c) => cell(c.pageRpsStorm)],
    ["API list (the place's city), req/s", (c) => cell(c.listRps)],
    ["… during a publish a second", (c) => cell(c.listRpsStorm)],
    ["publishes under that load, ms", (c) => `${cell(c.stormPublishMs)} (${c.stormPublishMs.length})`],
    ["errors and non-2xx under load", (c) => String(c.loadErrors)],
    [
      "server RSS after the publishes, MB (publishes by that process / in all)",
      (c) => `${one(c.rssAfterPublishesMB)} (${c.publishesByThatServer ?? 0} / ${c.publishes})`,
    ],
    ["server killed and started again", (c) => String(c.restarts)],
    ["open data places.geojson: first (built), ms", (c) => one(c.openDataFirstMs)],
    ["… then from its file, ms", (c) => cell(c.openDataAgainMs)],
    ["… its size as JSON, MB (sent as gzip, which fetch inflates)", (c) => one(c.openDataJsonMB)],
    ["server RSS after the open data, MB", (c) => one(c.rssAfterOpenDataMB)],
    ["content:export, ms", (c) => cell(c.exportMs)],
    ["content:export peak RSS, MB", (c) => cell(c.exportPeakRssMB)],
  ];
  const head = cases.map((c) => `${c.size} · ${ENGINE_NAMES[c.engine]}`);
  const failures = cases.flatMap((c) =>
    Object.entries(c.failures).map(([step, text]) => `- ${c.size} places, ${ENGINE_NAMES[c.engine]}, ${step}: ${text}`),
  );
  const perSize = cases.map(budgetsOf);
  const budgetNames = perSize[0]?.map((b) => b.name.slice(b.name.indexOf(": ") + 2)) ?? [];
  const markdown = [
    "## Scale: publishing at national scale",
    "",
    `Generated sets (harness/scale-content.ts): the seed's ${o.seedPlaces} places and copies of them up to the size, every language kept, ` +
      "each copy moved a little inside its city's radius; a copy's images name the seed's library photographs (`picture:`), encoded once, " +
      "instead of a drawing per image key, which would be encoded anew for every copy. Each set is loaded with `content:load` into an empty " +
      "database (SQLite file; PostgreSQL: a database of a scratch server), and the server is started as `npm start` starts it. An editor " +
      `signs in through the form and finds \`${o.target}\` through the API's lists; the first search is timed on its own, then ${SEARCHES} ` +
      `different ones. Each of ${o.runs} runs opens \`${o.target}\`, saves a new summary, publishes it and watches the public search, API ` +
      `and page until they show it; then takes \`${o.other}\` off the site and puts it back. The warm page and the API list are loaded ` +
      `(autocannon, ${CONNECTIONS} connections) in ${SLICES} slices alone, each followed by one with a publish a second (each of a new ` +
      `summary); publishes go on up to ${o.publishes} before the server's RSS is read; last, ${o.runs} new drafts are previewed twice ` +
      "each (a preview renders the public route on the live database, with the draft written in a transaction that is rolled back). A server that dies is recorded and a new one started on the same " +
      `database for the next step (${MAX_STARTS} at most). \`content:export\` runs ${o.exports} times. ` +
      "Figures: min / median / max (one value when measured once); peak RSS from /proc (VmHWM).",
    "",
    `| figure | ${head.join(" | ")} |`,
    `|---|${head.map(() => "---").join("|")}|`,
    ...rows.map(([name, f]) => `| ${name} | ${cases.map(f).join(" | ")} |`),
    "",
    ...(failures.length ? ["What stopped or failed:", "", ...failures, ""] : []),
    `### The ${BUDGET_SIZE.toLocaleString("en")}-place budgets at each size measured`,
    "",
    `| budget | limit | ${head.join(" | ")} |`,
    `|---|---|${head.map(() => "---").join("|")}|`,
    ...budgetNames.map(
      (name, i) =>
        `| ${name} | ${perSize[0][i].limit} | ${perSize.map((bs) => (bs[i].pass ? `${bs[i].value} ✓` : `**${bs[i].value}** ✗`)).join(" | ")} |`,
    ),
  ].join("\n");
  return {
    part: "scale",
    figures: {
      sizes: o.sizes,
      engines: o.engines,
      runs: o.runs,
      publishes: o.publishes,
      seconds: o.seconds,
      target: o.target,
      other: o.other,
      cases,
    },
    budgets,
    markdown,
  };
}
