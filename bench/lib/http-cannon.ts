// autocannon's programmatic API with the few types we use (the package ships none), and runs summed up the
// way the load and soak parts report them.
import { createRequire } from "node:module";
import type { EventEmitter } from "node:events";

export type CannonRequest = { method?: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

export type CannonOptions = {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  /** Each connection loops over these, starting at its own offset so connections do not move in step. */
  requests?: CannonRequest[];
};

type CannonResult = { duration: number; errors: number; timeouts: number; statusCodeStats: Record<string, { count: number }> };
type CannonClient = { setRequests: (requests: CannonRequest[]) => void };
type CannonInstance = EventEmitter & PromiseLike<CannonResult>;
type Autocannon = (options: Record<string, unknown>) => CannonInstance;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** One run as measured: latencies (ms) of every answer, the first answer of each connection kept apart. */
export type Run = {
  seconds: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  latencies: number[];
  firstLatencies: number[];
};

export type RunSummary = {
  /** Answers per second over the whole run. */
  rps: number;
  requests: number;
  /** Milliseconds over every answer. */
  p50: number;
  p99: number;
  /** p99 without each connection's first answer: connections that open while the server is saturated wait longer once. */
  p99Open: number;
  slowestFirstMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
};

/** Starts a run; `onStart` sees the instance (for 'response' and 'reqError' events) before the first request. */
export async function runCannon(options: CannonOptions, onStart?: (instance: EventEmitter) => void): Promise<Run> {
  const { requests } = options;
  let clients = 0;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    requests,
    timeout: 10,
    setupClient:
      requests && requests.length > 1
        ? (client: CannonClient) => {
            const offset = (clients++ * 7) % requests.length;
            client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
          }
        : undefined,
  });
  const latencies: number[] = [];
  const firstLatencies: number[] = [];
  const answered = new WeakSet<object>();
  instance.on("response", (client: object, _status: number, _bytes: number, ms: number) => {
    if (answered.has(client)) latencies.push(ms);
    else {
      answered.add(client);
      firstLatencies.push(ms);
    }
  });
  onStart?.(instance);
  const result = await instance;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  return { seconds: result.duration, errors: result.errors, timeouts: result.timeouts, statuses, latencies, firstLatencies };
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

/** Several runs of one target (slices alternated with another target) as one. */
export function summarize(runs: Run[]): RunSummary {
  const statuses: Record<string, number> = {};
  for (const run of runs) for (const [code, n] of Object.entries(run.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const open = Float64Array.from(runs.flatMap((r) => r.latencies)).sort();
  const first = runs.flatMap((r) => r.firstLatencies);
  const all = Float64Array.from([...open, ...first]).sort();
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  return {
    rps: Math.round(requests / seconds),
    requests,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    p99Open: percentile(open, 99),
    slowestFirstMs: Math.round(Math.max(0, ...first)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    non2xx: Object.entries(statuses)
      .filter(([code]) => !code.startsWith("2"))
      .reduce((n, [, c]) => n + c, 0),
    statuses,
  };
}
