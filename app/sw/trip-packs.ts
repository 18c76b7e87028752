/// <reference lib="webworker" />
// The service worker's side of trip packs (decision 036): it downloads a pack the visitor asked for into a
// cache of its own, telling the page how far it is; answers from saved packs when the network cannot; and,
// when a new build's worker runs and the visitor is online, downloads each pack afresh for the new build
// before the old copy is dropped, so a pack never breaks in between.
import {
  PACK_CACHE_PREFIX,
  PACK_INDEX_CACHE,
  type PackManifest,
  type SavedPack,
  isCacheOfPack,
  packCacheName,
  packsInIndex,
  packIndexUrl,
  packManifestUrl,
  pictureOf,
} from "../../shared/trip-packs";

/** What the worker tells the page about a pack it is saving. */
export type PackProgress =
  | { type: "trip-pack:progress"; page: string; done: number; total: number }
  | { type: "trip-pack:saved"; page: string }
  | { type: "trip-pack:failed"; page: string };

/**
 * Downloads every file of `manifest` into a new cache for this build, then lists the pack and drops any older
 * copy. A file that cannot be had fails the whole pack: the new cache goes, and an older copy stays usable.
 */
export async function savePack(manifest: PackManifest, build: string, tell: (message: PackProgress) => void): Promise<void> {
  const name = packCacheName(manifest.page, build);
  const cache = await caches.open(name);
  let done = 0;
  try {
    for (const file of manifest.files) {
      const res = await fetch(file.url, { credentials: "omit" });
      if (!res.ok) throw new Error(`${file.url}: ${res.status}`);
      await cache.put(file.url, res);
      done += file.bytes;
      tell({ type: "trip-pack:progress", page: manifest.page, done, total: manifest.bytes });
    }
  } catch {
    await caches.delete(name);
    tell({ type: "trip-pack:failed", page: manifest.page });
    return;
  }
  const saved: SavedPack = { ...manifest, files: manifest.files.map((f) => f.url), build, savedAt: new Date().toISOString() };
  const index = await caches.open(PACK_INDEX_CACHE);
  await index.put(packIndexUrl(manifest.page), new Response(JSON.stringify(saved), { headers: { "content-type": "application/json" } }));
  const older = (await caches.keys()).filter((n) => n !== name && isCacheOfPack(n, manifest.page));
  await Promise.all(older.map((n) => caches.delete(n)));
  tell({ type: "trip-pack:saved", page: manifest.page });
}

/** Each pack saved by an earlier build, downloaded again for this one (its manifest asked afresh). */
export async function refreshPacks(build: string): Promise<void> {
  for (const pack of await packsInIndex()) {
    if (pack.build === build) continue;
    const res = await fetch(packManifestUrl(pack.page, pack.lite), { credentials: "omit" }).catch(() => undefined);
    // Offline, or the page is gone: the pack stays as it was, to be tried again on the next visit.
    if (!res?.ok) continue;
    await savePack((await res.json()) as PackManifest, build, () => {});
  }
}

/**
 * A request answered from the saved packs: the file itself, or, for a picture, the variant the pack holds
 * (its smallest), whatever width the page asked for.
 */
export async function fromPacks(request: Request): Promise<Response | undefined> {
  const names = (await caches.keys()).filter((n) => n.startsWith(PACK_CACHE_PREFIX));
  for (const name of names) {
    const found = await (await caches.open(name)).match(request, { ignoreVary: true });
    if (found) return found;
  }
  const picture = pictureOf(new URL(request.url).pathname);
  if (!picture) return undefined;
  for (const name of names) {
    const cache = await caches.open(name);
    const sibling = (await cache.keys()).find((key) => pictureOf(new URL(key.url).pathname) === picture);
    if (sibling) return cache.match(sibling);
  }
  return undefined;
}

export const isPackCache = (name: string) => name.startsWith(PACK_CACHE_PREFIX) || name === PACK_INDEX_CACHE;
