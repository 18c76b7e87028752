// Upload to library: how long the media library takes to take in a photograph (its checks, the one decoding
// of its pixels, the AVIF and WebP sizes, and storing them), for each of the six seed photographs (1920 px
// wide, 0.5 to 0.9 MB), three rounds, each into an empty store so nothing made before is reused. It is the
// wait an editor has between the end of the upload and the photograph's page.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mediaLibrary } from "../../domain/media/library.ts";
import { diskStore } from "../../domain/media/store.ts";
import type { BenchPart } from "../lib/types.ts";

const ROUNDS = 3;
const BUDGET_MS = 5000;
const PHOTOS = "content/media/library";

export const upload: BenchPart = async (ctx) => {
  const photos = readdirSync(PHOTOS).filter((f) => f.endsWith(".jpg"));
  const times: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const library = mediaLibrary(diskStore(mkdtempSync(join(ctx.scratchDir, "store-"))));
    for (const file of photos) {
      const bytes = readFileSync(join(PHOTOS, file));
      const started = performance.now();
      await library.addImage(file.replace(/\.jpg$/, ""), bytes);
      times.push(Math.round(performance.now() - started));
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const min = sorted[0];
  const median = sorted[Math.floor(sorted.length / 2)];
  const max = sorted.at(-1)!;
  ctx.log(
    `upload to library, ${photos.length} photographs × ${ROUNDS} rounds: min ${min} ms, median ${median} ms, max ${max} ms (${times.join(", ")})`,
  );
  return {
    part: "upload",
    figures: { photographs: photos.length, rounds: ROUNDS, minMs: min, medianMs: median, maxMs: max, times },
    budgets: [{ name: "one photograph into the library (slowest)", limit: `<= ${BUDGET_MS} ms`, value: max, pass: max <= BUDGET_MS }],
    markdown: [
      "## Upload to library",
      "",
      "A seed photograph (1920 px) checked, encoded into AVIF and WebP sizes and stored, into an empty store.",
      "",
      "| uploads | min | median | max |",
      "|---|---|---|---|",
      `| ${times.length} | ${min} ms | ${median} ms | ${max} ms |`,
    ].join("\n"),
  };
};
