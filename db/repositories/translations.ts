// Picks a translated column in the asked language, falling back to English (never to a blank).
import { sql, type RawBuilder } from "kysely";

/** `coalesce(nullif(wanted.col, ''), en.col)`, for tables joined as `tl` (wanted language) and `te` (English). */
export function tr(column: string, wanted = "tl", english = "te"): RawBuilder<string> {
  return sql<string>`coalesce(nullif(${sql.ref(`${wanted}.${column}`)}, ''), ${sql.ref(`${english}.${column}`)})`;
}
