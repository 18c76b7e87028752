// Kysely's SqliteDialect speaks to a better-sqlite3-shaped object; this adapter gives it Node's built-in
// node:sqlite, so the embedded database needs no native add-on (see docs/decisions/003-database.md).
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect } from "kysely";
import { keepRecentlyUsed } from "../shared/recently-used.ts";

class Statement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  constructor(statement: StatementSync) {
    this.#statement = statement;
    // A statement returns rows when it has result columns (SELECT, or anything with RETURNING).
    this.reader = statement.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>) {
    return this.#statement.all(...(parameters as SQLInputValue[]));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const { changes, lastInsertRowid } = this.#statement.run(...(parameters as SQLInputValue[]));
    return { changes, lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>) {
    return this.#statement.iterate(...(parameters as SQLInputValue[]));
  }
}

/**
 * Prepared statements kept, by their SQL, the least recently used forgotten first. Preparing compiles the SQL
 * (a tenth of a search's time on a new server, by profile), and the site asks the same few hundred statements
 * again and again. Reusing one is safe: Kysely's SQLite driver runs one query at a time on its one connection,
 * and a stream holds that connection until it ends.
 */
const STATEMENTS_KEPT = 256;

export function nodeSqliteDialect(path: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const db = new DatabaseSync(path, { timeout: 5000 });
      db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
      const kept = new Map<string, Statement>();
      const prepare = (sql: string): Statement => {
        const statement = kept.get(sql) ?? new Statement(db.prepare(sql));
        keepRecentlyUsed(kept, sql, statement, STATEMENTS_KEPT);
        return statement;
      };
      const database: SqliteDatabase = {
        close: () => {
          kept.clear();
          db.close();
        },
        prepare,
      };
      return database;
    },
  });
}
