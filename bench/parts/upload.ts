// Upload to library: how long the media library takes to take in an upload, the wait an editor has between
// the end of the upload and the item's page. A photograph: its checks, the one decoding of its pixels, the
// AVIF and WebP sizes, and storing them, for each of the six seed photographs (1920 px wide, 0.5 to 0.9 MB).
// A video: reading its container and checking its English captions, then storing both, for each of the five
// seed clips (WebM, 960 × 600, 12 s, 140 to 260 KB). Three rounds, each into an empty store.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mediaLibrary } from "../../domain/media/library.ts";
import { diskStore } from "../../domain/media/store.ts";
import type { BenchPart } from "../lib/types.ts";
import { spreadOf } from "../lib/spread.ts";

const ROUNDS = 3;
const PHOTO_BUDGET_MS = 5000;
const VIDEO_BUDGET_MS = 1000;
const PHOTOS = "content/media/library";
const VIDEOS = "content/media/static/videos";
const CAPTIONS = "content/media/static/captions";

type Library = ReturnType<typeof mediaLibrary>;

export const upload: BenchPart = async (ctx) => {
  const photos = readdirSync(PHOTOS).filter((f) => f.endsWith(".jpg"));
  const videos = readdirSync(VIDEOS)
    .filter((f) => f.endsWith(".webm"))
    .map((f) => f.replace(/\.webm$/, ""));
  const photo = await timed(ctx.scratchDir, photos, (library, file) =>
    library.addImage(file.replace(/\.jpg$/, ""), readFileSync(join(PHOTOS, file))),
  );
  const video = await timed(ctx.scratchDir, videos, async (library, name) => {
    const { facts } = await library.addVideo(name, readFileSync(join(VIDEOS, `${name}.webm`)));
    await library.addCaptions(name, "en", readFileSync(join(CAPTIONS, `${name}.en.vtt`)), facts.seconds);
  });
  for (const [what, s] of [
    [`${photos.length} photographs`, photo],
    [`${videos.length} videos with captions`, video],
  ] as const)
    ctx.log(
      `upload to library, ${what} × ${ROUNDS} rounds: min ${s.min} ms, median ${s.median} ms, max ${s.max} ms (${s.times.join(", ")})`,
    );
  return {
    part: "upload",
    figures: {
      rounds: ROUNDS,
      photographs: photos.length,
      minMs: photo.min,
      medianMs: photo.median,
      maxMs: photo.max,
      times: photo.times,
      videos: videos.length,
      video: { minMs: video.min, medianMs: video.median, maxMs: video.max, times: video.times },
    },
    budgets: [
      {
        name: "one photograph into the library (slowest)",
        limit: `<= ${PHOTO_BUDGET_MS} ms`,
        value: photo.max,
        pass: photo.max <= PHOTO_BUDGET_MS,
      },
      {
        name: "one video and its captions into the library (slowest)",
        limit: `<= ${VIDEO_BUDGET_MS} ms`,
        value: video.max,
        pass: video.max <= VIDEO_BUDGET_MS,
      },
    ],
    markdown: [
      "## Upload to library",
      "",
      "A seed photograph (1920 px) checked, encoded into AVIF and WebP sizes and stored; a seed video (WebM, 12 s) read and",
      "stored with its English captions checked. Each into an empty store.",
      "",
      "| upload | count | min | median | max |",
      "|---|---|---|---|---|",
      `| photograph | ${photo.times.length} | ${photo.min} ms | ${photo.median} ms | ${photo.max} ms |`,
      `| video with captions | ${video.times.length} | ${video.min} ms | ${video.median} ms | ${video.max} ms |`,
    ].join("\n"),
  };
};

/** Each item taken in, ROUNDS times, each round into an empty store; the times in milliseconds. */
async function timed(scratch: string, items: string[], take: (library: Library, item: string) => Promise<unknown>) {
  const times: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const library = mediaLibrary(diskStore(mkdtempSync(join(scratch, "store-"))));
    for (const item of items) {
      const started = performance.now();
      await take(library, item);
      times.push(Math.round(performance.now() - started));
    }
  }
  return { times, ...spreadOf(times) };
}
