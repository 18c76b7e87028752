// The database's part of `npm run backup` and `npm run restore`. SQLite is copied with its online backup API
// (a consistent copy, page by page, while the site goes on writing); PostgreSQL with pg_dump, in its custom
// format, and brought back with pg_restore in one transaction (a failed restore leaves nothing half-written).
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { copyFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { sql } from "kysely";
import { type Engine, openDatabase } from "./engine.ts";
import { plannerStatistics } from "./repositories/planner-statistics.ts";

const run = promisify(execFile);

/** Which database the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
type DatabaseTarget = { databaseUrl?: string; sqlitePath: string };

export const engineOf = (target: DatabaseTarget): Engine => (target.databaseUrl ? "postgres" : "sqlite");
export const DUMP_FILE: Record<Engine, string> = { sqlite: "database.sqlite", postgres: "database.pgdump" };

/** Writes a consistent copy of the database into `dir`; answers the file's name. */
export async function dumpDatabase(target: DatabaseTarget, dir: string): Promise<string> {
  const file = DUMP_FILE[engineOf(target)];
  if (target.databaseUrl) {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${join(dir, file)}`,
      `--dbname=${target.databaseUrl}`,
    ]);
  } else {
    if (!existsSync(target.sqlitePath)) throw new Error(`there is no database at ${target.sqlitePath}`);
    const source = new DatabaseSync(target.sqlitePath, { readOnly: true });
    try {
      await backup(source, join(dir, file));
    } finally {
      source.close();
    }
  }
  return file;
}

/** Whether the database has no tables at all (a restore goes only into an empty installation). */
export async function isEmptyDatabase(target: DatabaseTarget): Promise<boolean> {
  if (!target.databaseUrl && !existsSync(target.sqlitePath)) return true;
  const handle = openDatabase(target);
  try {
    const query =
      handle.engine === "postgres"
        ? sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`
        : sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`;
    const { rows } = await query.execute(handle.db);
    return Number(rows[0]?.n) === 0;
  } finally {
    await handle.close();
  }
}

/** Brings a dump made by dumpDatabase back into the (empty) database the configuration names. */
export async function restoreDatabase(target: DatabaseTarget, dumpPath: string): Promise<void> {
  if (target.databaseUrl) {
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${target.databaseUrl}`,
      dumpPath,
    ]);
    // pg_restore writes the rows but not the planner's statistics (planner-statistics.ts).
    const handle = openDatabase(target);
    try {
      await plannerStatistics(handle).refresh();
    } finally {
      await handle.close();
    }
    return;
  }
  // Copied beside, then renamed: the site never opens half a file.
  mkdirSync(dirname(target.sqlitePath), { recursive: true });
  const partial = `${target.sqlitePath}.restoring`;
  await copyFile(dumpPath, partial);
  // An empty database's journal files would be read as the restored one's.
  for (const journal of ["-wal", "-shm"]) await rm(`${target.sqlitePath}${journal}`, { force: true });
  await rename(partial, target.sqlitePath);
}
