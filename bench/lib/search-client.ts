// The scale bench's timed searches, asked from a process of their own: `node bench/lib/search-client.ts` reads
// { url, warmUp, requests, limitMs } as JSON on stdin, asks each search in turn (as the app does: a POST, the
// answer read whole and parsed), and prints each one's milliseconds as a JSON array. In the bench's own process the
// searches were timed beside everything the bench had read before them (the workspace's pages, the lists):
// a replay at 50,000 places traced an 18 ms scavenge and a 16 ms mark-compact of that process's 160 MB heap
// inside the 200 searches, which made the slowest two searches the client's, not the server's.
import { text } from "node:stream/consumers";

export type SearchRequest = { path: string; body: string };

/** The app's search for `name` (path under the API and JSON body): a page of ten, in a language, unfiltered. */
export const searchRequest = (name: string, page = 1, language = 1): SearchRequest => ({
  path: `/place1/search?page=${page}&per_page=10`,
  body: JSON.stringify({ name, star: 0, service: 0, language }),
});

/** `warmUp` is asked (untimed) a few times first: a new process's first requests load and compile fetch itself. */
type Input = { url: string; warmUp: SearchRequest; requests: SearchRequest[]; limitMs: number };
const WARM_UPS = 5;

async function main() {
  const { url, warmUp, requests, limitMs } = JSON.parse(await text(process.stdin)) as Input;
  const ask = async (r: SearchRequest) => {
    const res = await fetch(url + r.path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: r.body,
      signal: AbortSignal.timeout(limitMs),
    });
    if (res.status !== 200) throw new Error(`search ${r.path}: ${res.status}`);
    await res.json();
  };
  for (let i = 0; i < WARM_UPS; i++) await ask(warmUp);
  const ms: number[] = [];
  for (const r of requests) {
    const started = performance.now();
    await ask(r);
    ms.push(Math.round(performance.now() - started));
  }
  process.stdout.write(JSON.stringify(ms));
}

if (import.meta.main)
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
