// Statements that take many values take them in slices: SQLite binds at most 32,766 parameters in one
// statement and PostgreSQL 65,535, fewer than a national site's places.

/** At most this many values bound in one statement's IN list. */
export const BATCH_SIZE = 500;

/** A list in slices of BATCH_SIZE, for statements that take many values. */
export function inBatches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) out.push(items.slice(i, i + BATCH_SIZE));
  return out;
}
