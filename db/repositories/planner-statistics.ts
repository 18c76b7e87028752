// The query planner's statistics of the tables that grow with the places. PostgreSQL plans by them, and tables
// written in one go (a content load) have none until autovacuum comes by, minutes later or, where it is off,
// never: until then it plans as if they were nearly empty. Reading every place's search texts for the index at
// 10,000 places took 17 s before ANALYZE and 3 s after (88 s at 50,000 places, the first build on a new
// server). SQLite keeps no statistics unless asked (no sqlite_stat1), and its plans are left as they are.
import { sql } from "kysely";
import type { DatabaseHandle } from "../engine.ts";

/** Only these tables (of the connection's schema): ANALYZE alone would read every table of the database. */
const GROWING_TABLES = [
  "places",
  "place_translations",
  "media",
  "media_translations",
  "content_documents",
  "content_words",
  "content_versions",
  "search_changes",
] as const;

export function plannerStatistics({ db, engine }: DatabaseHandle) {
  return {
    /**
     * Gathers the statistics again, after many rows were written, and vacuums those tables. Rows written in one
     * go are otherwise vacuumed by autovacuum within the next minutes, while the site serves (at 50,000 places,
     * two million rows); a vacuum now takes 4 s there, and marks their pages all-visible, so the indexes that
     * hold every column a query reads (migration 028's) answer it alone.
     */
    async refresh(): Promise<void> {
      if (engine !== "postgres") return;
      await sql`vacuum (analyze) ${sql.join(GROWING_TABLES.map((t) => sql.table(t)))}`.execute(db);
    },
  };
}
