// Two instances on one PostgreSQL and one bucket behind nginx (harness/instances.ts, as the test runs them):
// how soon a change published through A's workspace shows on B, over several publishes of one place, and the
// rate through nginx while A is stopped by SIGTERM under load. The budget: B shows a publish within
// two seconds, every time.
import type { BenchPart } from "../lib/types.ts";
import { changeSeenOnB, editorOn, loadStoppingA, startCluster } from "../../harness/instances.ts";
import { spreadOf } from "../lib/spread.ts";

const PUBLISHES = 10;
const MAX_MS = 2000;

export const instances: BenchPart = async (ctx) => {
  const cluster = await startCluster();
  try {
    const { domain, editor, cookie, close } = await editorOn(cluster, "bench-operator@example.org", "a long bench passphrase");
    try {
      const [site] = await domain.editing.list(editor, "site");
      const slug = site!.slug;
      const name = ((await domain.editing.item(editor, "site", slug)).draft as { name: { en: string } }).name.en;
      const shownOnB = async (wanted: string) => {
        const res = await cluster.direct("b", "/back/api/user/place1/search?page=1&per_page=50", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name, language: 1 }),
        });
        return ((await res.json()) as { data: { place_name: string }[] }).data.some((p) => p.place_name === wanted);
      };
      // Each publish changes the place's English name (saved as a draft, then published through A's form);
      // the last one puts the name back.
      const ms: number[] = [];
      for (let i = 0; i < PUBLISHES; i++) {
        const wanted = i % 2 === 0 ? `${name} (${i + 1})` : name;
        const item = await domain.editing.item(editor, "site", slug);
        const draft = structuredClone(item.draft) as { name: Record<string, string> };
        draft.name.en = wanted;
        const revision = await domain.editing.save(editor, "site", slug, item.revision, draft);
        const change = { type: "site", slug, intent: "publish" as const, revision };
        const { answer, ms: took } = await changeSeenOnB(cluster, cookie, change, () => shownOnB(wanted));
        if (answer.status !== 303 || took === undefined) throw new Error(`publish ${slug}: ${answer.status}, not seen on B`);
        ms.push(took);
      }
      const visible = { ...spreadOf(ms), runs: ms };
      ctx.log(`change on A seen on B after (ms): ${ms.join(", ")}`);

      const load = await loadStoppingA(cluster, { total: 600, concurrency: 16, stopAfter: 150 });
      const failed = 600 - (load.statuses["200"] ?? 0);
      const rps = Math.round(600 / load.seconds);
      ctx.log(
        `SIGTERM to A under load: ${JSON.stringify(load.statuses)} in ${load.seconds.toFixed(2)} s (${rps} req/s), A exited ${load.exitCode}`,
      );
      return {
        part: "instances",
        figures: {
          visibleOnBMs: visible,
          sigtermLoad: { requests: 600, concurrency: 16, seconds: load.seconds, rps, failed, exitCode: load.exitCode },
        },
        budgets: [
          {
            name: "a publish on A shown on B, slowest of every publish",
            limit: `<= ${MAX_MS} ms`,
            value: visible.max,
            pass: visible.max <= MAX_MS,
          },
          {
            name: "requests lost while A stops with SIGTERM under load",
            limit: "0",
            value: failed,
            pass: failed === 0 && load.exitCode === 0,
          },
        ],
        markdown: [
          "## Two instances behind nginx",
          "",
          "| figure | min | median | max | every run |",
          "|---|---|---|---|---|",
          `| ms from A's answer to B showing the change | ${visible.min} | ${visible.median} | ${visible.max} | ${ms.join(", ")} |`,
          "",
          `${PUBLISHES} publishes of a change to "${name}" through A's workspace form, each watched on B's search API every 20 ms. ` +
            `Then 600 requests through nginx with TLS, 16 at a time, SIGTERM to A after 150: ${JSON.stringify(load.statuses)} in ${load.seconds.toFixed(2)} s (${rps} req/s), A exited ${load.exitCode}.`,
        ].join("\n"),
      };
    } finally {
      await close();
    }
  } finally {
    await cluster.stop();
  }
};
