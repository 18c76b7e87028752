// What every bench part receives and returns, so `npm run bench` can run any subset and write one report.
import { mb } from "./spread.ts";

/** The server's resident memory, with its page cache and search index full, after load and after the soak. */
export const RSS_BUDGET_MB = 250;

/** A budget on the server's RSS at one moment, read from /proc. */
export function rssBudget(name: string, bytes: number, note?: string): Budget {
  const value = mb(bytes);
  return { name, limit: `<= ${RSS_BUDGET_MB} MB`, value, pass: value <= RSS_BUDGET_MB, ...(note ? { note } : {}) };
}

export type Budget = {
  name: string;
  /** Human-readable limit, e.g. ">= 95", "<= 120 kB". */
  limit: string;
  value: number | string;
  pass: boolean;
  /** When a budget is not met: what holds it back. */
  note?: string;
};

export type PartResult = {
  part: string;
  /** Figures as printed and written to bench/results/latest.json. */
  figures: Record<string, unknown>;
  budgets: Budget[];
  /** A section of bench/results/latest.md (a heading and a table or two). */
  markdown: string;
};

export type BenchContext = {
  /** The production site, started on the embedded database with the seed content. */
  baseURL: string;
  /** Where scratch files go (deleted at the end). */
  scratchDir: string;
  /** Resident memory of the site's process, in bytes. */
  serverRss: () => number;
  log: (line: string) => void;
};

export type BenchPart = (ctx: BenchContext) => Promise<PartResult>;
