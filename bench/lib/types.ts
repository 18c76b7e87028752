// What every bench part receives and returns, so `npm run bench` can run any subset and write one report.

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
