// A search for words inside a column, the same on both engines: lower-cased, with LIKE's own characters
// (%, _ and the escape) taken as themselves.
import { type Expression, type ExpressionBuilder, sql } from "kysely";

/** `lower(column) like '%words%'`, for a where clause. */
export function containsText<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: Expression<string | null>, words: string) {
  const like = `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return eb(eb.fn("lower", [column]), "like", sql<string>`${like} escape '\\'`);
}
