// What the scale bench part (bench/parts/scale.ts) measures for one size of content on one engine: the case
// and its figures, the setup a case runs with, the part's constants and time limits.
import { spreadText } from "./spread.ts";
import { percentile } from "./http-cannon.ts";

/** min / median / max, or a dash when nothing was measured. */
export const cell = (s: number[], digits = 0) => (s.length ? spreadText(s, digits) : "–");
export const pct = (values: number[], p: number) => (values.length ? percentile(Float64Array.from(values).sort(), p) : Number.NaN);
export const median = (values: number[]) => (values.length ? percentile(Float64Array.from(values).sort(), 50) : Number.NaN);

export type Engine = "sqlite" | "postgres";
export const ENGINE_NAMES: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };
/** The budgets' size (#26). */
export const BUDGET_SIZE = 50_000;
export const FROM = "127.0.0.1";
export const CONNECTIONS = 50;
export const PAGE = "/ar";
/** Page and list rates are measured in this many slices alone, each followed by one during publishes. */
export const SLICES = 3;
export const SEARCHES = 200;
/** From a publish until the change must be seen, or the run is recorded as not showing it. */
export const VISIBLE_LIMIT_MS = 60_000;
export const POLL_MS = 20;
/** Server processes one case may start: the first, and new ones after deaths. */
export const MAX_STARTS = 4;

export const env = (name: string, fallback: string) => process.env[name] ?? fallback;

/** A series of timings (ms) or rates; empty when the step did not get that far. */
export type Series = number[];

/** One size on one engine: every figure, and what went wrong where. */
export type Case = {
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

export class StepTimeout extends Error {}
export class ServerDied extends Error {}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The time limits of one size, in ms: generous, and growing with the number of places. */
export function limitsFor(size: number) {
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

export function emptyCase(size: number, engine: Engine): Case {
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

export type Item = { type: string; slug: string; name: string };
export type CaseSetup = {
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
