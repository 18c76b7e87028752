// `npm run bench [-- part ...]`: builds the production site, starts it on the embedded database with the
// seed content, runs the chosen parts (all but `scale` by default), stops it, and writes bench/results/latest.json and
// latest.md. A part run alone replaces only its own section; the others keep their last figures.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, cpus, totalmem } from "node:os";
import { join } from "node:path";
import type { BenchContext, BenchPart, PartResult } from "./lib/types.ts";
import { buildWebsite, rssOf, startWebsite } from "../harness/website.ts";

const PARTS: Record<string, () => Promise<BenchPart>> = {
  lighthouse: async () => (await import("./parts/lighthouse.ts")).lighthouse,
  axe: async () => (await import("./parts/axe.ts")).axe,
  search: async () => (await import("./parts/search.ts")).search,
  throughput: async () => (await import("./parts/throughput.ts")).throughput,
  soak: async () => (await import("./parts/soak.ts")).soak,
  memory: async () => (await import("./parts/memory.ts")).memory,
  loads: async () => (await import("./parts/loads.ts")).loads,
  security: async () => (await import("./parts/security.ts")).security,
  faults: async () => (await import("./parts/faults.ts")).faults,
  publish: async () => (await import("./parts/publish.ts")).publish,
  upload: async () => (await import("./parts/upload.ts")).upload,
  metrics: async () => (await import("./parts/feature-cost.ts")).metrics,
  statistics: async () => (await import("./parts/feature-cost.ts")).statistics,
  instances: async () => (await import("./parts/instances.ts")).instances,
  scale: async () => (await import("./parts/scale.ts")).scale,
  packs: async () => (await import("./parts/packs.ts")).packs,
};

/** Parts that take hours at their default sizes: run only when named. */
const ONLY_WHEN_NAMED = new Set(["scale"]);

const RESULTS = "bench/results/latest.json";
const REPORT = "bench/results/latest.md";

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = wanted.filter((p) => !PARTS[p]);
if (unknown.length) {
  console.error(`unknown part(s): ${unknown.join(", ")}; parts: ${Object.keys(PARTS).join(", ")}`);
  process.exit(2);
}
const parts = wanted.length ? wanted : Object.keys(PARTS).filter((p) => !ONLY_WHEN_NAMED.has(p));

const scratchDir = mkdtempSync(join(tmpdir(), "visit-syria-bench-"));
console.log("building the production site…");
buildWebsite();
const server = await startWebsite(scratchDir);
const ctx: BenchContext = {
  baseURL: server.url,
  scratchDir,
  serverRss: () => rssOf(server.child.pid!),
  log: (line) => console.log(`  ${line}`),
};

const previous: { machine?: unknown; parts: Record<string, PartResult> } = existsSync(RESULTS)
  ? JSON.parse(readFileSync(RESULTS, "utf8"))
  : { parts: {} };
let failed = false;
try {
  for (const name of parts) {
    console.log(`\n== ${name}`);
    const started = performance.now();
    try {
      const result = await (await PARTS[name]())(ctx);
      previous.parts[name] = {
        ...result,
        figures: { ...result.figures, ranAt: new Date().toISOString(), seconds: Math.round((performance.now() - started) / 1000) },
      };
      for (const b of result.budgets)
        console.log(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.value} (budget ${b.limit})${b.note ? ` — ${b.note}` : ""}`);
    } catch (error) {
      failed = true;
      console.error(`  part ${name} could not run: ${(error as Error).stack}`);
    }
  }
} finally {
  await server.stop();
  rmSync(scratchDir, { recursive: true, force: true });
}

const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
writeFileSync(RESULTS, `${JSON.stringify({ machine, parts: previous.parts }, null, 2)}\n`);
const order = Object.keys(PARTS).filter((p) => previous.parts[p]);
const allBudgets = order.flatMap((p) => previous.parts[p].budgets.map((b) => ({ part: p, ...b })));
const md = [
  "# Bench results",
  "",
  `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}. Reproduce with \`npm run bench\` (or \`npm run bench -- <part>\`).`,
  "",
  "## Budgets",
  "",
  "| part | budget | value | limit | result |",
  "|---|---|---|---|---|",
  ...allBudgets.map(
    (b) => `| ${b.part} | ${b.name} | ${b.value} | ${b.limit} | ${b.pass ? "pass" : `**fail**${b.note ? `: ${b.note}` : ""}`} |`,
  ),
  "",
  ...order.map((p) => `${previous.parts[p].markdown.trim()}\n\n_Last run: ${(previous.parts[p].figures as { ranAt?: string }).ranAt}_\n`),
].join("\n");
writeFileSync(REPORT, `${md}\n`);
console.log(`\nwrote ${RESULTS} and ${REPORT}`);
const failedBudgets = allBudgets.filter((b) => !b.pass && parts.includes(b.part));
if (failedBudgets.length) console.log(`${failedBudgets.length} budget(s) not met: ${failedBudgets.map((b) => b.name).join("; ")}`);
process.exitCode = failed ? 1 : 0;
