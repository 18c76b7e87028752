// The scale bench part's budgets and report (bench/parts/scale.ts), from its cases.
import type { Budget } from "./types.ts";
import {
  BUDGET_SIZE,
  type Case,
  cell,
  CONNECTIONS,
  emptyCase,
  type Engine,
  ENGINE_NAMES,
  median,
  PAGE,
  pct,
  SEARCHES,
  type Series,
  SLICES,
  MAX_STARTS,
} from "./scale-case.ts";

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

export function report(
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
    // The server is ready once its search index is built (server/main.ts), so its start includes the build.
    ["server start, until ready (its search index built), ms", (c) => one(c.startMs)],
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
      `different ones, asked in turn by a client process of their own. Each of ${o.runs} runs opens \`${o.target}\`, saves a new summary, publishes it and watches the public search, API ` +
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
