// Latencies and statuses of a long run split into consecutive time windows, so drift shows: a run that
// slows down or starts failing after a while looks fine in one overall histogram.
import { percentile } from "./http-cannon.ts";

export type WindowSummary = { from: number; to: number; requests: number; p50: number; p99: number; errors: number; status5xx: number };

export function timeWindows(seconds: number, windowSeconds: number) {
  const count = Math.max(1, Math.ceil(seconds / windowSeconds));
  const latencies: number[][] = Array.from({ length: count }, () => []);
  const errors = new Array<number>(count).fill(0);
  const status5xx = new Array<number>(count).fill(0);
  let started = 0;
  // Answers that arrive after the last window (the run's tail) count in the last one.
  const index = () => Math.min(count - 1, Math.floor((performance.now() - started) / 1000 / windowSeconds));
  return {
    start: () => void (started = performance.now()),
    response: (status: number, ms: number) => {
      const i = index();
      latencies[i].push(ms);
      if (status >= 500) status5xx[i]++;
    },
    error: () => void errors[index()]++,
    summary: (): WindowSummary[] =>
      latencies.map((values, i) => {
        const sorted = Float64Array.from(values).sort();
        return {
          from: i * windowSeconds,
          to: Math.min(seconds, (i + 1) * windowSeconds),
          requests: values.length,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          errors: errors[i],
          status5xx: status5xx[i],
        };
      }),
  };
}
