// SQLite's own consistency check of a database file, for the crash drill (harness/faults-crash.ts): after a
// SIGKILL mid-write, the file must still be whole.
import { sql } from "kysely";
import type { DatabaseHandle } from "./engine.ts";

export async function sqliteIntegrity(handle: DatabaseHandle): Promise<string> {
  const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(handle.db);
  return check.rows.map((r) => r.integrity_check).join("; ");
}
