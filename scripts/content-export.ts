// Writes the published content of the database (SQLite, or PostgreSQL with DATABASE_URL) as content files:
// `npm run content:export -- <folder>`. `npm run content:load` with CONTENT_DIR=<folder> loads it back.
import { join } from "node:path";
import { readEnv } from "../server/env.ts";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import { exportContent } from "../domain/content/export.ts";
import { mediaLibrary } from "../domain/media/library.ts";
import { mediaStoreOf } from "../server/media-store.ts";
import { progressPrinter } from "./progress.ts";

const to = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!to) {
  console.error("usage: npm run content:export -- <folder>");
  process.exit(2);
}
const env = readEnv();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
try {
  await migrate(handle);
  const { items } = await exportContent(handle, {
    to,
    mediaFrom: join(env.CONTENT_DIR, "media"),
    library: mediaLibrary(mediaStoreOf(env)),
    actor: "command line",
    progress: progressPrinter(),
  });
  console.log(`${items} items written to ${to}`);
} finally {
  await handle.close();
}
