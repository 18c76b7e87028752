// What holds the server's memory: a site of its own (started as `npm start` starts it, with V8's heap
// snapshot on a signal), its caches filled with every page in 7 languages and the searches, then 60 s of the
// soak's mix at 50 connections. Its resident memory is split by kind (/proc smaps_rollup: file-backed code,
// anonymous), V8's own figures are read from the metrics, and a heap snapshot is summed by constructor.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { startWebsite } from "../../harness/website.ts";
import { runCannon } from "../lib/http-cannon.ts";
import { heapSummary } from "../lib/heap-summary.ts";
import { fillCaches, soakRequests } from "../lib/traffic.ts";
import { type BenchPart, rssBudget } from "../lib/types.ts";
import { mb } from "../lib/spread.ts";

const LOAD_SECONDS = 60;
const TOKEN = "bench-memory-metrics-token-0123456789";

type Moment = {
  label: string;
  rssMB: number;
  anonymousMB: number;
  fileMB: number;
  heapUsedMB: number;
  heapTotalMB: number;
  /** V8's regular pages resident (anonymous 256 kB mappings): the heap's, and those V8 keeps in its pool. */
  v8PagesMB: number;
  externalMB: number;
};

const V8_PAGE_KB = 256;

/** The resident kB of the process's anonymous mappings that are exactly one V8 page each. */
function v8PagesKB(pid: number): number {
  let total = 0;
  let isPage = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = line.match(/^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(\S*)/);
    if (mapping) {
      const kB = (Number.parseInt(mapping[2], 16) - Number.parseInt(mapping[1], 16)) / 1024;
      isPage = kB === V8_PAGE_KB && mapping[3] === "0" && mapping[4] === "";
    } else if (isPage && line.startsWith("Rss:")) total += Number(line.match(/(\d+)/)?.[1] ?? 0);
  }
  return total;
}

export const memory: BenchPart = async (ctx) => {
  const dir = join(ctx.scratchDir, "memory-site");
  mkdirSync(dir, { recursive: true });
  const site = await startWebsite(dir, { METRICS_TOKEN: TOKEN, NODE_OPTIONS: "--heapsnapshot-signal=SIGUSR2" });
  const pid = site.child.pid!;
  const moments: Moment[] = [];
  const measure = async (label: string) => {
    const metrics = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const metric = (name: string) => Number(metrics.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, "m"))?.[1] ?? Number.NaN);
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kB = (field: string) => Number(rollup.match(new RegExp(`^${field}:\\s+(\\d+)`, "m"))?.[1] ?? 0) * 1024;
    const m: Moment = {
      label,
      rssMB: mb(kB("Rss")),
      anonymousMB: mb(kB("Anonymous")),
      fileMB: mb(kB("Rss") - kB("Anonymous")),
      heapUsedMB: mb(metric("nodejs_heap_size_used_bytes")),
      heapTotalMB: mb(metric("nodejs_heap_size_total_bytes")),
      v8PagesMB: mb(v8PagesKB(pid) * 1024),
      externalMB: mb(metric("nodejs_external_memory_bytes")),
    };
    ctx.log(
      `${label}: RSS ${m.rssMB} MB (anonymous ${m.anonymousMB}, files ${m.fileMB}), V8 heap ${m.heapUsedMB}/${m.heapTotalMB} MB (its pages resident ${m.v8PagesMB} MB), external ${m.externalMB} MB`,
    );
    moments.push(m);
  };
  try {
    await measure("started");
    const pages = await fillCaches(site.url);
    await measure(`${pages} pages and the searches cached`);
    const { requests } = await soakRequests(site.url);
    await runCannon({ url: site.url, connections: 50, duration: LOAD_SECONDS, requests });
    await measure(`after ${LOAD_SECONDS} s of the soak's mix`);
    // The snapshot (a full collection first) is written to the server's working directory.
    const before = new Set(readdirSync(".").filter((f) => f.endsWith(".heapsnapshot")));
    process.kill(pid, "SIGUSR2");
    let file: string | undefined;
    for (let i = 0; i < 240 && !file; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const found = readdirSync(".").find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
      // Written when its size stops changing.
      if (found && statSync(found).size > 0) {
        const size = statSync(found).size;
        await new Promise((r) => setTimeout(r, 2000));
        if (statSync(found).size === size) file = found;
      }
    }
    if (!file) throw new Error("the server wrote no heap snapshot");
    const heap = heapSummary(file, 12);
    rmSync(file);
    const last = moments.at(-1)!;
    const markdown = [
      "## Memory",
      "",
      `A site of its own, started with the flags of \`npm start\` (\`server/runtime.ts\`), measured when started, with every page in 7 languages and the searches cached, and after ${LOAD_SECONDS} s of the soak's mix at 50 connections. "Files" is the resident part of mapped files (Node's binary, ICU data, sharp's libraries); V8 heap is used / total; "V8 pages" is the resident 256 kB pages of V8, which include the pages it keeps in its pool beyond the heap's total (decision 021); external is memory V8 objects hold outside the heap (the cached bodies, buffers).`,
      "",
      "| moment | RSS MB | anonymous | files | V8 heap used | V8 heap total | V8 pages | external |",
      "|---|---|---|---|---|---|---|---|",
      ...moments.map(
        (m) =>
          `| ${m.label} | ${m.rssMB} | ${m.anonymousMB} | ${m.fileMB} | ${m.heapUsedMB} | ${m.heapTotalMB} | ${m.v8PagesMB} | ${m.externalMB} |`,
      ),
      "",
      `Heap snapshot after the load (live objects only, ${mb(heap.totalBytes)} MB of self size), the largest groups:`,
      "",
      "| kind | constructor | objects | MB |",
      "|---|---|---|---|",
      ...heap.groups.map((g) => `| ${g.kind} | ${g.name.replaceAll("|", "\\|")} | ${g.count} | ${(g.bytes / 2 ** 20).toFixed(1)} |`),
    ].join("\n");
    return {
      part: "memory",
      figures: { moments, heapSnapshot: { totalMB: mb(heap.totalBytes), groups: heap.groups } },
      budgets: [rssBudget(`memory: RSS after ${LOAD_SECONDS} s of load, caches full`, last.rssMB * 2 ** 20)],
      markdown,
    };
  } finally {
    await site.stop();
  }
};
