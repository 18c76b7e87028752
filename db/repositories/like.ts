// A search for words inside a column, the same on both engines: lower-cased, with LIKE's own characters
// (%, _ and the escape) taken as themselves.
import { type Expression, type ExpressionBuilder, sql } from "kysely";

const escaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search by name as the workspace's lists run it over a names column (" palmyra تدمر "): for each word typed,
 * the beginnings one of the item's words may have (its forms, as typed) and the whole words it may be (the
 * forms' corrections).
 */
export type NameQuery = Array<{ beginnings: string[]; words: string[] }>;

/** Every word typed is met by one of the item's words; a query without words matches nothing. */
export function matchesNames<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: Expression<string>, query: NameQuery) {
  const like = (pattern: string) => eb(column, "like", sql<string>`${pattern} escape '\\'`);
  if (query.length === 0) return sql<boolean>`1 = 0`;
  return eb.and(
    query.map(({ beginnings, words }) =>
      eb.or([...beginnings.map((b) => like(`% ${escaped(b)}%`)), ...words.map((w) => like(`% ${escaped(w)} %`))]),
    ),
  );
}

/** `lower(column) like '%words%'`, for a where clause. */
export function containsText<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: Expression<string | null>, words: string) {
  const like = `%${escaped(words.toLowerCase())}%`;
  return eb(eb.fn("lower", [column]), "like", sql<string>`${like} escape '\\'`);
}
