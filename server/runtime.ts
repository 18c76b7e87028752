// How the server's Node process is started (package.json's `start`, the test and bench harness, and the
// deployment guide say the same; server/runtime.test.ts keeps `start` in step). V8 sizes a heap by the
// machine's memory, not by what the site holds: under load it let the young generation grow to 64 MB
// semi-spaces and the old one to several times the live data (about 80 MB), and the server sat at 450-690 MB.
// These bounds keep it near the 250 MB budget at the same request rates (decision 021). glibc's allocator,
// left alone, keeps one arena per thread that has allocated, and serves compression's short-lived buffers
// (hundreds of kB each) from the heap it shares with the cache's long-lived bodies, which it can then not
// give back: above 64 kB an allocation is its own mapping, returned when freed. V8 keeps the pages a full
// collection frees in a pool for reuse, and gives them back only in a collection made to reduce memory, which
// its memory reducer never starts in a server (it judges the allocation rate high until the next collection,
// and none comes while idle): 60-70 MB of pooled pages stayed resident for good. Memory saver mode makes every
// full collection such a one (decision 021 weighs its cost). NODE_ENV goes on the command line too: React and
// React Router choose their production builds by it when they are first imported, before main.ts runs, so
// the server's own default (server/env.ts) came too late, and `npm start` rendered with React's development
// build (twice the work per page, and its warnings' checks).
// Memory saver mode also holds the old generation a few MB above the live data, so at 50,000 places (about
// 52 MB live) the requests' promoted leftovers started a compacting collection every second, each pausing a
// search 17 to 56 ms. Half again above the live data, and a young generation that stays at 4 MB instead of
// shrinking to 1, leave none in 200 searches. They cost RSS: 15 MB more at 50,000 places, and 36 MB more
// after the memory bench's load at the seed's size (227 of its 250 MB; decision 023).
export const NODE_FLAGS = [
  "--max-semi-space-size=4",
  "--min-semi-space-size=4",
  "--max-old-space-size=192",
  "--heap-growing-percent=50",
  "--memory-saver-mode",
] as const;
export const PROCESS_ENV = { NODE_ENV: "production", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" } as const;

/** Whether this process was started with the flags above, on its command line (Node refuses `--memory-saver-mode` in NODE_OPTIONS). */
export function startedWithRuntimeFlags(execArgv = process.execArgv): boolean {
  return NODE_FLAGS.every((flag) => execArgv.includes(flag));
}
