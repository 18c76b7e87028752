// Kysely's SqliteDialect speaks to a better-sqlite3-shaped object; this adapter gives it Node's built-in
// node:sqlite, so the embedded database needs no native add-on (see docs/decisions/003-database.md).
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { SqliteDialect } from "kysely";

class Statement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  constructor(statement: StatementSync) {
    this.#statement = statement;
    // A statement returns rows when it has result columns (SELECT, or anything with RETURNING).
    this.reader = statement.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>) {
    return this.#statement.all(...(parameters as any[]));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const { changes, lastInsertRowid } = this.#statement.run(...(parameters as any[]));
    return { changes, lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>) {
    return this.#statement.iterate(...(parameters as any[]));
  }
}

export function nodeSqliteDialect(path: string): SqliteDialect {
  return new SqliteDialect({
    database: () => {
      const db = new DatabaseSync(path, { timeout: 5000 });
      db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
      return {
        close: () => db.close(),
        prepare: (sql: string) => new Statement(db.prepare(sql)),
      } as any;
    },
  });
}
