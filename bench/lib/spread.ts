// How the bench reports repeated measurements: every run, summed up as minimum, median and maximum.

export type Spread = { min: number; median: number; max: number };

export function spreadOf(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
}

/** "min / median / max" for a table cell; one value when there is one run. */
export function spreadText(values: number[], digits = 0): string {
  const { min, median, max } = spreadOf(values);
  const f = (x: number) => x.toFixed(digits);
  return values.length === 1 ? f(min) : `${f(min)} / ${f(median)} / ${f(max)}`;
}

/** Bytes as whole mebibytes, the unit of the memory budgets. */
export const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
