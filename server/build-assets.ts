// Deploys that never break a page. A page names its scripts by hashed file names; after a deploy, a page an
// old instance (or a CDN, or a tab left open) served still asks for the old build's files, and the new
// build's folder no longer has them. So each instance copies its build's assets into the media store that
// every instance shares (assets/, beside a record of the build under builds/), and an /assets/ file that the
// build's folder lacks is answered from there. A build's files are kept until ASSET_GRACE_MS after the next
// build first started; a file a kept build still names is never deleted.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isSafeKey, type MediaStore, servedFrom } from "../domain/media/store.ts";

/** A week: far longer than any page is cached (PAGE_MAX_AGE) or a tab is usually left open before it reloads. */
export const ASSET_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
const ASSETS = "assets/";
const BUILDS = "builds/";

type BuildRecord = { id: string; started: string; files: string[] };

/** The build's asset files (not their .br and .gz copies: the store's are compressed as they are answered). */
function assetFiles(clientDir: string): string[] {
  return readdirSync(join(clientDir, "assets"))
    .filter((f) => !/\.(br|gz)$/.test(f) && isSafeKey(f))
    .sort();
}

const readRecord = async (store: MediaStore, key: string) => {
  const stored = await store.get(key);
  return stored && (JSON.parse(Buffer.from(stored.body).toString("utf8")) as BuildRecord);
};

/**
 * Copies this build's assets into the store (those it lacks), records the build, and deletes the files of
 * builds replaced more than ASSET_GRACE_MS ago. Answers the build's id and what was deleted.
 */
export async function keepBuildAssets(store: MediaStore, clientDir: string, now = new Date()): Promise<{ id: string; deleted: string[] }> {
  const files = assetFiles(clientDir);
  const id = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 16);
  const known = new Set([...(await store.list(ASSETS)), ...(await store.list(BUILDS))]);
  for (const file of files)
    if (!known.has(`${ASSETS}${file}`)) await store.put(`${ASSETS}${file}`, readFileSync(join(clientDir, "assets", file)));
  // The record last: a recorded build has all its files in the store. Its first start is kept, not renewed.
  const ownKey = `${BUILDS}${id}.json`;
  if (!known.has(ownKey)) await store.put(ownKey, Buffer.from(JSON.stringify({ id, started: now.toISOString(), files })));

  const builds: BuildRecord[] = [];
  for (const key of [...known, ownKey].filter((k, i, all) => k.startsWith(BUILDS) && all.indexOf(k) === i)) {
    const record = await readRecord(store, key);
    if (record) builds.push(record);
  }
  builds.sort((a, b) => a.started.localeCompare(b.started));
  // A build is replaced when the next one first started; the newest is never replaced.
  const expired = builds.filter((b, i) => {
    const next = builds[i + 1];
    return next !== undefined && b.id !== id && now.getTime() - Date.parse(next.started) > ASSET_GRACE_MS;
  });
  const kept = new Set(builds.filter((b) => !expired.includes(b)).flatMap((b) => b.files));
  const deleted = [...new Set(expired.flatMap((b) => b.files))].filter((f) => !kept.has(f));
  for (const file of deleted) await store.delete(`${ASSETS}${file}`);
  for (const b of expired) await store.delete(`${BUILDS}${b.id}.json`);
  return { id, deleted };
}

/** Earlier builds' assets as /assets/<file> answers them from the store. */
export const servedBuildAssets = (store: MediaStore) => servedFrom(store, ASSETS);
