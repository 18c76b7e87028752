// Ranking alone at national scale: `node bench/search-ranking.ts [places] [rounds]` (50,000 and 5 by default).
// The index is built from the seed's places copied the way the scale bench's sets copy them (a copy's name is
// numbered in every language, its other texts kept), and the scale bench's queries are ranked round after
// round in this process, with no HTTP, database or server's collector in between: what the ranking code costs
// per query the first time it is asked after the index's own warm-up (round 0), and after (min / median / max
// of the later rounds). Run it with the server's heap flags (server/runtime.ts) to see theirs too. Writes
// bench/results/search-ranking.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { searchRepository } from "../db/repositories/search.ts";
import { buildIndex, type PlaceDocument } from "../domain/search/index.ts";
import { placeDocuments } from "../domain/search/service.ts";
import { realContentDatabase } from "../harness/real-content.ts";
import { SEARCH_QUERIES } from "./lib/traffic.ts";

const places = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 5);
if (!(places >= 98 && places <= 200_000) || !(rounds >= 2 && rounds <= 100))
  throw new Error("usage: node bench/search-ranking.ts [places 98 to 200000] [rounds 2 to 100]");

const { handle } = await realContentDatabase();
const repo = searchRepository(handle.db);
const seed = placeDocuments(await repo.documents(await repo.placeIds()));
await handle.close();
const docs: PlaceDocument[] = [];
for (let i = 0; docs.length < places; i++) {
  const original = seed[i % seed.length]!;
  const copy = Math.floor(i / seed.length) + 1;
  docs.push(copy === 1 ? original : { ...original, id: 1_000_000 + i, names: original.names.map((n) => `${n} ${copy}`) });
}

let started = performance.now();
const index = buildIndex(docs);
const buildMs = performance.now() - started;
started = performance.now();
index.warmUp();
const warmUpMs = performance.now() - started;

const times = new Map<string, number[]>(SEARCH_QUERIES.map((q) => [q.name, []]));
const totals = new Map<string, number>();
for (let round = 0; round < rounds; round++)
  for (const q of SEARCH_QUERIES) {
    started = performance.now();
    const { total } = index.rank({ text: q.name, page: 1, perPage: 10 }, { limit: 100 });
    times.get(q.name)!.push(performance.now() - started);
    totals.set(q.name, total);
  }

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const spread = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return { min: round1(sorted[0]!), median: round1(sorted[Math.floor(sorted.length / 2)]!), max: round1(sorted.at(-1)!) };
};
const queries = SEARCH_QUERIES.map((q) => {
  const [first, ...compiled] = times.get(q.name)!;
  return { query: q.name, matched: totals.get(q.name)!, firstMs: round1(first!), ...spread(compiled) };
}).toSorted((a, b) => b.max - a.max);

console.log(`${places} places: index built in ${Math.round(buildMs)} ms, warmed up in ${Math.round(warmUpMs)} ms; ${rounds} rounds`);
console.log("query (places matched): round 0 | min / median / max of the later rounds, ms");
for (const q of queries) console.log(`  ${q.query} (${q.matched}): ${q.firstMs} | ${q.min} / ${q.median} / ${q.max}`);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
const result = { ranAt: new Date().toISOString(), places, rounds, execArgv: process.execArgv, buildMs: Math.round(buildMs), queries };
writeFileSync(new URL("./results/search-ranking.json", import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log("written bench/results/search-ranking.json");
