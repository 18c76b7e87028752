// Exports the stored contact messages for the ministry's staff until an admin screen exists:
//   npm run contact:export -- --format csv > messages.csv     (or --format json, the default)
import { parseArgs } from "node:util";
import { readEnv } from "../server/env.ts";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import { contactRepository } from "../db/repositories/contact.ts";

const { values } = parseArgs({ options: { format: { type: "string", default: "json" } } });
if (values.format !== "json" && values.format !== "csv") {
  console.error("--format must be json or csv");
  process.exit(2);
}
const env = readEnv();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
await migrate(handle);
const rows = await contactRepository(handle.db).all();
await handle.close();

const columns = ["id", "created_at", "language", "name", "email", "subject", "message", "mail_status", "mail_attempts"] as const;
if (values.format === "json") {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  // RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a visitor's text as a formula.
  const cell = (v: unknown) => {
    const s = String(v ?? "");
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  process.stdout.write(`${[columns.join(","), ...rows.map((r) => columns.map((c) => cell(r[c])).join(","))].join("\r\n")}\r\n`);
}
