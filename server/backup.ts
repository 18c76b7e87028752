// `npm run backup` and `npm run restore`: everything that is not in git, the database (db/backup.ts) and the
// media store (uploads, their variants, the site's pictures), in one folder with a manifest of every file's
// SHA-256. The database is copied first, then the store: a store's files never change under their name, so
// everything the copied database names is in the copy (a file uploaded meanwhile is merely extra).
// A restore checks every file against the manifest before it touches anything, and goes only into an empty
// installation: an empty database and an empty store.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { dumpDatabase, DUMP_FILE, engineOf, isEmptyDatabase, restoreDatabase } from "../db/backup.ts";
import type { Engine } from "../db/engine.ts";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import type { MediaStore } from "../domain/media/store.ts";
import type { Env } from "./env.ts";
import { mediaStoreOf } from "./media-store.ts";

const MANIFEST = "backup.json";
const MEDIA = "media";

type Manifest = { format: 1; made: string; engine: Engine; database: string; files: Record<string, string> };
type BackupReport = { dir: string; engine: Engine; mediaFiles: number; bytes: number };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const target = (env: Env) => ({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });

export async function makeBackup(env: Env, dir: string, store: MediaStore = mediaStoreOf(env)): Promise<BackupReport> {
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} is not empty: a backup goes into a new folder`);
  mkdirSync(join(dir, MEDIA), { recursive: true });
  const database = await dumpDatabase(target(env), dir);
  const files: Record<string, string> = { [database]: sha256(readFileSync(join(dir, database))) };
  let bytes = 0;
  const keys = await store.list();
  for (const key of keys) {
    const file = await store.get(key);
    if (!file) continue; // deleted since it was listed: nothing names it any more
    const path = `${MEDIA}/${key}`;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), file.body);
    files[path] = sha256(file.body);
    bytes += file.body.length;
  }
  const manifest: Manifest = { format: 1, made: new Date().toISOString(), engine: engineOf(target(env)), database, files };
  // The manifest last: a folder with one is a whole backup.
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  return { dir, engine: manifest.engine, mediaFiles: Object.keys(files).length - 1, bytes };
}

/** Why a backup cannot be restored here; a restore that is refused changes nothing. */
export class RestoreRefused extends Error {}

export async function restoreBackup(env: Env, dir: string, store: MediaStore = mediaStoreOf(env)): Promise<BackupReport> {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) throw new RestoreRefused(`${dir} has no ${MANIFEST}: it is not a whole backup`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const engine = engineOf(target(env));
  if (manifest.engine !== engine)
    throw new RestoreRefused(
      `this backup is of a ${manifest.engine} database, and this installation uses ${engine} (${engine === "sqlite" ? "set DATABASE_URL" : "unset DATABASE_URL"})`,
    );
  for (const [path, hash] of Object.entries(manifest.files)) {
    const file = join(dir, path);
    if (!existsSync(file) || sha256(readFileSync(file)) !== hash) throw new RestoreRefused(`${path} is missing or damaged in ${dir}`);
  }
  if (!(await isEmptyDatabase(target(env))))
    throw new RestoreRefused(`the database is not empty: restore into a new database (${DUMP_FILE[engine]} is not applied over another)`);
  if ((await store.list()).length) throw new RestoreRefused("the media store is not empty: restore into a new folder or bucket");

  await restoreDatabase(target(env), join(dir, manifest.database));
  let bytes = 0;
  const media = Object.keys(manifest.files).filter((p) => p.startsWith(`${MEDIA}/`));
  for (const path of media) {
    const body = readFileSync(join(dir, path));
    await store.put(path.slice(MEDIA.length + 1), body);
    bytes += body.length;
  }
  // A backup made by an older version gets this version's migrations now, not at the site's first request.
  const handle = openDatabase(target(env));
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  return { dir, engine, mediaFiles: media.length, bytes };
}
