// What the load and soak parts ask for: ids found through the API, realistic searches, the request mix, and
// raw answers (the exact bytes a browser receives, still compressed) to save for nginx.
import { request } from "node:http";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { localePath } from "../../shared/paths.ts";
import { allRoutes } from "../../harness/website.ts";
import type { CannonRequest } from "./http-cannon.ts";
import { searchRequest } from "./search-client.ts";

/** What a current browser sends that matters to the server: it accepts brotli. */
export const BROWSER_HEADERS = { "accept-encoding": "br", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
export const API = "/back/api/user";

/** What visitors type, in the languages of the site (language ids: 1 en, 2 ar, 3 fr, 4 es, 5 it, 6 tr, 7 zh). */
export const SEARCH_QUERIES: { name: string; language: number }[] = [
  { name: "Palmyra", language: 1 },
  { name: "krak des chevaliers", language: 1 },
  { name: "umayyad mosque", language: 1 },
  { name: "aleppo citadel", language: 1 },
  { name: "beach", language: 1 },
  { name: "dead cities", language: 1 },
  { name: "تدمر", language: 2 },
  { name: "قلعة حلب", language: 2 },
  { name: "الجامع الاموي", language: 2 },
  { name: "بصرى", language: 2 },
  { name: "sooq", language: 2 },
  { name: "Alep", language: 3 },
  { name: "théâtre romain", language: 3 },
  { name: "Apamée", language: 3 },
  { name: "Damasco", language: 4 },
  { name: "castillo", language: 4 },
  { name: "Maalula", language: 5 },
  { name: "Şam", language: 6 },
  { name: "Halep kalesi", language: 6 },
  { name: "帕尔米拉", language: 7 },
  { name: "大马士革", language: 7 },
];

export function searchRequests(): CannonRequest[] {
  return SEARCH_QUERIES.map((q) => {
    const { path, body } = searchRequest(q.name, 1, q.language);
    return { method: "POST", path: API + path, headers: { "content-type": "application/json", "accept-encoding": "br" }, body };
  });
}

type Row = Record<string, any>;
async function data(baseURL: string, path: string): Promise<Row[]> {
  const res = await fetch(baseURL + API + path);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as { data: Row[] }).data;
}

/** Ids the requests need: the featured category, a site category, a city of it and a place in that city. */
export async function siteIds(baseURL: string) {
  const categories = await data(baseURL, "/category1/category/language/1");
  const featured = categories.find((c) => c.cat_type === 3);
  const sites = categories.find((c) => c.cat_type === 1);
  if (!featured || !sites) throw new Error("no featured or site category in the seed content");
  const city = (await data(baseURL, `/city1/cities/category/${sites.id}/language/1`))[0];
  const place = (await data(baseURL, `/place1/places/city/${city.id}/category/${sites.id}/language/1`))[0];
  // The image a list shows for the place, as a path on this server (photo is an absolute URL).
  const photo = new URL(place.photo as string).pathname;
  return { featured: featured.id as number, category: sites.id as number, city: city.id as number, place: place.id as number, photo };
}

const SOAK_LANGUAGES: LanguageCode[] = ["en", "ar", "fr", "zh"];

/**
 * The soak's mix: every route in English, Arabic (right to left), French and Chinese and, between
 * them, API calls: lists, a place, its media, an image, and searches. About two API calls for three pages.
 */
export async function soakRequests(baseURL: string): Promise<{ requests: CannonRequest[]; pages: number; api: number }> {
  const routes = await allRoutes(baseURL);
  const ids = await siteIds(baseURL);
  const pages: CannonRequest[] = SOAK_LANGUAGES.flatMap((l) => routes.map((r) => ({ path: localePath(l, r), headers: BROWSER_HEADERS })));
  const get = (path: string): CannonRequest => ({ path: API + path, headers: { "accept-encoding": "br" } });
  const api: CannonRequest[] = [
    get(`/category1/category/language/2`),
    get(`/city1/cities/category/${ids.category}/language/1`),
    get(`/place1/places/category/${ids.featured}/language/1`),
    get(`/place1/places/category/${ids.featured}/language/2`),
    get(`/place1/places/city/${ids.city}/category/${ids.category}/language/3`),
    get(`/place1/places/${ids.place}`),
    get(`/media1/media/place/${ids.place}/city/${ids.city}/category/${ids.category}/language/1`),
    { path: ids.photo, headers: { accept: "image/avif,image/webp,*/*" } },
    get(`/service1/services`),
    ...searchRequests(),
  ];
  const apiCount = Math.round((pages.length * 2) / 3);
  const requests: CannonRequest[] = [];
  for (let i = 0, a = 0; i < pages.length; i++) {
    requests.push(pages[i]);
    // Spread the API calls evenly between the pages.
    const calls = Math.round(((i + 1) * apiCount) / pages.length) - Math.round((i * apiCount) / pages.length);
    for (let k = 0; k < calls; k++) requests.push(api[a++ % api.length]);
  }
  return { requests, pages: pages.length, api: apiCount };
}

/**
 * Every public page in every language, asked once: the page cache as full as the site's visitors make it
 * (and, with a search, the search index built), before memory is measured.
 */
export async function fillCaches(baseURL: string): Promise<number> {
  const routes = await allRoutes(baseURL);
  let pages = 0;
  for (const language of LANGUAGE_CODES)
    for (const route of routes) {
      await (await fetch(baseURL + localePath(language, route), { headers: BROWSER_HEADERS })).arrayBuffer();
      pages++;
    }
  for (const r of searchRequests())
    await (await fetch(baseURL + r.path, { method: "POST", headers: r.headers, body: r.body })).arrayBuffer();
  return pages;
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** A GET whose body is kept as sent (fetch would decompress it). */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(", ") : v;
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.end();
  });
}
