// Trip packs (decision 036): a city's page and what it links to, saved on the visitor's device for use
// offline. The service worker keeps them and the pages read their list; both name them by these rules.

/** The server's description of a pack: every file it holds, with the bytes each costs to download. */
export type PackManifest = {
  /** The page the pack is for (with its language prefix): its address names the pack. */
  page: string;
  /** The page's own heading, as the visitor saw it. */
  title: string;
  /** Without pictures (Save-Data, or a 2G connection): pictures then wait for a tap. */
  lite: boolean;
  files: Array<{ url: string; bytes: number }>;
  bytes: number;
};

/** What the device keeps of a saved pack, beside its files. */
export type SavedPack = Omit<PackManifest, "files"> & { savedAt: string; build: string; files: string[] };

/** Each pack's files live in a cache of their own, so that removing a pack is deleting its cache. */
export const PACK_CACHE_PREFIX = "trip-pack ";
/** The list of saved packs: one JSON answer per pack, under an address that is never fetched. */
export const PACK_INDEX_CACHE = "trip-packs";
export const packIndexUrl = (page: string) => `/__trip-packs__${page === "/" ? "" : page}.json`;
export const packCacheName = (page: string, build: string) => `${PACK_CACHE_PREFIX}${build} ${page}`;
/** Whether a cache holds one of `page`'s packs (of any build). */
export const isCacheOfPack = (name: string, page: string) => name.startsWith(PACK_CACHE_PREFIX) && name.endsWith(` ${page}`);

/** The packs saved on this device, from the worker's caches (the worker and the pages read them alike). */
export async function packsInIndex(): Promise<SavedPack[]> {
  const index = await caches.open(PACK_INDEX_CACHE);
  return Promise.all((await index.keys()).map(async (key) => (await index.match(key))?.json() as Promise<SavedPack>));
}

/** The server's address for a page's pack. */
export const packManifestUrl = (page: string, lite: boolean) => `/trip-pack.json?page=${encodeURIComponent(page)}${lite ? "&lite=1" : ""}`;

/** A picture variant's name ends in its width and format; what comes before names the picture. */
export const PICTURE_VARIANT = /^(.*)\.(\d+)\.(webp|avif|jpe?g|png)$/;

/** The picture a variant's address belongs to (for the worker's offline fallback); undefined for other files. */
export const pictureOf = (pathname: string) => PICTURE_VARIANT.exec(pathname)?.[1];
