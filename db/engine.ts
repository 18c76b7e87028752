// Opens the database: SQLite under ./data by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { nodeSqliteDialect } from "./sqlite-dialect.ts";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database>;
/** The PostgreSQL pool's connections (for the metrics): all, idle, and requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };
export type DatabaseHandle = { db: Db; engine: Engine; close: () => Promise<void>; pool?: () => PoolStats };

type DatabaseOptions = {
  databaseUrl?: string;
  sqlitePath: string;
  /**
   * PostgreSQL connections kept open however long they are idle (the pool closes the others after 10 s). A
   * server keeps a few: opening one (a new backend process, its start-up and authentication) took 3 to 26 ms
   * on loopback (median 6.5), against 0.1 ms for a query on an open one, paid by the first visitors after every
   * quiet spell. Scripts keep none, so that they exit when done.
   */
  keepConnections?: number;
};

export function openDatabase({ databaseUrl, sqlitePath, keepConnections = 0 }: DatabaseOptions): DatabaseHandle {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      min: keepConnections,
      connectionTimeoutMillis: 3000,
      // Answer 503 quickly rather than hang when the server is gone.
      query_timeout: 10_000,
    });
    // A dropped connection must not crash the process: the next query reports the failure instead.
    // The pool's listener covers idle clients; each client gets its own for when it is checked out.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, engine: "postgres", close: () => db.destroy(), pool: stats };
  }
  if (sqlitePath !== ":memory:") mkdirSync(dirname(sqlitePath), { recursive: true });
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(sqlitePath) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}
