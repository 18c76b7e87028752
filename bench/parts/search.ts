// The search benchmark (bench/search.ts) as a part of `npm run bench`: quality on the judged query set and
// speed on 10,000 synthetic places. It runs in its own process, which exposes the garbage collector.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { BenchPart } from "../lib/types.ts";

export const search: BenchPart = async (ctx) => {
  execFileSync(process.execPath, ["bench/search.ts"], { stdio: "ignore" });
  const r = JSON.parse(readFileSync("bench/results/search.json", "utf8"));
  const j = r.judged;
  const s = r.synthetic;
  ctx.log(`judged: MRR ${j.mrr}, recall@1 ${j.recallAt1}, recall@10 ${j.recallAt10} over ${j.queries} queries`);
  ctx.log(`synthetic ${s.places} places: build ${s.buildMs} ms, ${s.memoryMb} MB, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms`);
  return {
    part: "search",
    figures: {
      judged: { queries: j.queries, mrr: j.mrr, recallAt1: j.recallAt1, recallAt10: j.recallAt10 },
      synthetic: { places: s.places, buildMs: s.buildMs, memoryMb: s.memoryMb, p50Ms: s.p50Ms, p99Ms: s.p99Ms },
    },
    budgets: [
      { name: "search recall@1 on the judged set", limit: ">= 0.97", value: j.recallAt1, pass: j.recallAt1 >= 0.97 },
      { name: "search p99 at 10,000 places (in process)", limit: "<= 20 ms", value: s.p99Ms, pass: s.p99Ms <= 20 },
    ],
    markdown: [
      "## Search",
      "",
      "| judged queries | MRR | recall@1 | recall@10 | synthetic places | build | memory | p50 | p99 |",
      "|---|---|---|---|---|---|---|---|---|",
      `| ${j.queries} (7 languages) | ${j.mrr} | ${j.recallAt1} | ${j.recallAt10} | ${s.places} | ${s.buildMs} ms | ${s.memoryMb} MB | ${s.p50Ms} ms | ${s.p99Ms} ms |`,
      "",
      "Judged set: harness/search-queries.json. Synthetic corpus and queries are generated with a fixed seed (bench/search.ts).",
    ].join("\n"),
  };
};
