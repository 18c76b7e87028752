/// <reference lib="webworker" />
// The site's service worker (Workbox): pages and images the visitor has seen stay readable offline, and a page
// never opened answers the offline page in the visitor's language. Pages and the scripts they load are kept
// per build, and a new build's worker deletes the old build's caches when it takes over, so an offline page
// is always served with the scripts of its own build, never a mixture. The workspace and the API are never
// cached: the worker does not answer them at all.
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import type { PackManifest } from "../../shared/trip-packs";
import { fromPacks, isPackCache, refreshPacks, savePack } from "./trip-packs";

declare const self: ServiceWorkerGlobalScope;
/** The build this worker belongs to (vite.sw.config.ts): a hash of the build's script names. */
declare const BUILD_ID: string;
/** The seven languages' prefixes ("" for English), for the offline pages. */
declare const LANGUAGE_PREFIXES: string[];

const PAGES = `pages-${BUILD_ID}`;
const SCRIPTS = `scripts-${BUILD_ID}`;
const IMAGES = "images";
const offlinePath = (prefix: string) => `${prefix}/offline`;

const ok = new CacheableResponsePlugin({ statuses: [200] });
// Case-blind, as the server's router is: /Admin is the workspace too.
const isPublic = (url: URL) => url.origin === self.location.origin && !/^\/(admin|back|media\/lib\/video)(\/|\.data|$)/i.test(url.pathname);

// Pages (and React Router's data for a page, `.data`) from the network first, the kept copy when it fails
// or is slow: a weak network still shows what was seen.
registerRoute(
  ({ request, url }) => isPublic(url) && (request.mode === "navigate" || url.pathname.endsWith(".data")),
  new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 4, plugins: [ok, new ExpirationPlugin({ maxEntries: 150 })] }),
);
// The build's scripts never change under their name.
registerRoute(({ url }) => isPublic(url) && url.pathname.startsWith("/assets/"), new CacheFirst({ cacheName: SCRIPTS, plugins: [ok] }));
// Pictures, by their content-hashed names; the oldest go first.
registerRoute(
  ({ url, request }) => isPublic(url) && request.destination === "image",
  new CacheFirst({ cacheName: IMAGES, plugins: [ok, new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
);

// What the network cannot give: from a saved trip pack, else, for a page never seen, the offline page of the
// visitor's language (by the URL's prefix).
setCatchHandler(async ({ request, url }) => {
  const packed = await fromPacks(request);
  if (packed) return packed;
  if (request.mode !== "navigate") return Response.error();
  const prefix = LANGUAGE_PREFIXES.find((p) => p && (url.pathname === p || url.pathname.startsWith(`${p}/`))) ?? "";
  return (await caches.match(offlinePath(prefix), { cacheName: PAGES })) ?? Response.error();
});

self.addEventListener("install", (event) => {
  // The offline page in every language, kept before the worker is used.
  event.waitUntil(caches.open(PAGES).then((cache) => cache.addAll(LANGUAGE_PREFIXES.map(offlinePath))));
});

self.addEventListener("activate", (event) => {
  const current = new Set([PAGES, SCRIPTS, IMAGES]);
  // Saved trip packs are kept across builds: each holds its own build's pages and scripts until it is renewed.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !current.has(name) && !isPackCache(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// A page asks to save a trip pack (the visitor clicked), or, online, to renew the packs an earlier build saved.
self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; manifest?: PackManifest } | null;
  const client = event.source as Client | null;
  if (data?.type === "trip-pack:save" && data.manifest)
    event.waitUntil(savePack(data.manifest, BUILD_ID, (message) => client?.postMessage(message)));
  else if (data?.type === "trip-pack:refresh") event.waitUntil(refreshPacks(BUILD_ID));
});
