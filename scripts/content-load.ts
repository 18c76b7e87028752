// Loads content/ into the database (SQLite, or PostgreSQL with DATABASE_URL): `npm run content:load`.
// Idempotent: a second run changes nothing and keeps the content version.
import { readEnv } from "../server/env.ts";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import { loadContentFolder } from "../domain/content/bootstrap.ts";
import { ContentError } from "../domain/content/files.ts";
import { mediaLibrary } from "../domain/media/library.ts";
import { mediaStoreOf } from "../server/media-store.ts";
import { progressPrinter } from "./progress.ts";

const env = readEnv();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
try {
  await migrate(handle);
  const started = performance.now();
  const report = await loadContentFolder(
    handle,
    { contentDir: env.CONTENT_DIR, mediaDir: env.MEDIA_DIR, library: mediaLibrary(mediaStoreOf(env)) },
    progressPrinter(),
  );
  console.log(
    `${report.changed} changed, ${report.unchanged} unchanged, ${report.deleted} deleted; content version ${report.version} (${Math.round(performance.now() - started)} ms)`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
