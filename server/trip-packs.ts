// GET /trip-pack.json?page=/ar/cities/1/sites/3: what saving a city's page, or an itinerary's, for offline
// downloads (decision 036). The pack is the page, the places it shows, the trip-planning guide and, for a
// city, the city on the map, with the scripts they load and each picture at its smallest width; `lite=1` (or
// Save-Data) leaves the pictures out. Each file comes with the bytes it costs this browser to download (pages
// as compressed for its Accept-Encoding), so the visitor is told the size before anything is downloaded.
// Public like the pages: no cookie read or set, and kept per content version and day.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Context, Env, Hono } from "hono";
import { z } from "zod";
import { AnswerCache } from "./http/answer-cache.ts";
import { compressBody, MIN_COMPRESS_BYTES, pickEncoding } from "./http/compression.ts";
import { notFound } from "./http/errors.ts";
import { parseOr400 } from "./http/validate.ts";
import { guideLinks, placeLinks, scriptsOf, smallestPictures } from "./trip-pack-contents.ts";
import type { Domain } from "../domain/domain.ts";
import type { MediaLibrary } from "../domain/media/library.ts";
import { servedSiteImages, SITE_IMAGE_URL_PREFIX } from "../domain/media/site-images.ts";
import { LIBRARY_URL_PREFIX } from "../domain/media/urls.ts";
import type { ServedFiles } from "../domain/media/store.ts";
import { localePath, splitLanguage } from "../shared/paths.ts";
import type { PackManifest } from "../shared/trip-packs.ts";
import { damascusToday } from "../shared/damascus-time.ts";
import { savesDataAsked } from "../shared/data-saver.ts";

const PACK_CACHE_BYTES = 2 * 1024 * 1024;
/** A city's page, or an itinerary's, in any language: the pages saved for offline. */
const CITY_PAGE = /^(?:\/[a-z]{2})?\/cities\/\d+\/sites\/(\d+)$/;
const ITINERARY_PAGE = /^(?:\/[a-z]{2})?\/itineraries\/[a-z0-9-]+$/;
const PACKED_PAGE = new RegExp(`${CITY_PAGE.source}|${ITINERARY_PAGE.source}`);
const packQuery = z
  .object({
    page: z.string().max(200).regex(PACKED_PAGE, "Give the address of a city's page (/cities/1/sites/3) or an itinerary's."),
    lite: z.literal("1").optional(),
  })
  .strict();

/** A public page as the server answers it to this browser; `measuring` keeps it out of the statistics. */
export type PageSource = (request: Request, c: Context, measuring: true) => Promise<Response>;

type Rendered = { html: string; bytes: number };

async function readPage(res: Response): Promise<Rendered | undefined> {
  if (res.status !== 200) return undefined;
  const body = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const plain = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
  return { html: plain.toString("utf8"), bytes: body.length };
}

/** The first heading's text: what the visitor read as the page's name. */
function headingOf(html: string): string {
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
  return heading
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();
}

export function tripPackRoutes<E extends Env>(app: Hono<E>, domain: Domain, library: MediaLibrary, pages: PageSource, clientDir: string) {
  const cache = new AnswerCache(PACK_CACHE_BYTES, () => domain.content.version(), { trustVersionMs: 0 });
  const stored: Array<[string, ServedFiles]> = [
    [SITE_IMAGE_URL_PREFIX, servedSiteImages(library.store)],
    [LIBRARY_URL_PREFIX, library.served],
  ];

  /**
   * A script's bytes as sent: the build's compressed copy (scripts/vite-precompress.ts), or, for a script the
   * build did not compress, what the compression middleware makes of it.
   */
  function scriptBytes(url: string, encoding: "br" | "gzip" | undefined): number {
    const file = join(clientDir, url);
    if (!encoding) return statSync(file).size;
    const copy = `${file}.${encoding === "br" ? "br" : "gz"}`;
    if (existsSync(copy)) return statSync(copy).size;
    const body = readFileSync(file);
    return body.length < MIN_COMPRESS_BYTES ? body.length : compressBody(body, encoding).length;
  }
  async function pictureBytes(url: string): Promise<number | undefined> {
    const source = stored.find(([prefix]) => url.startsWith(`${prefix}/`));
    return source && (await source[1].size(url.slice(source[0].length + 1)));
  }

  async function manifest(page: string, lite: boolean, c: Context): Promise<PackManifest> {
    const origin = new URL(c.req.url).origin;
    const render = async (path: string) => readPage(await pages(new Request(origin + path), c, true));
    const city = await render(page);
    if (!city) throw notFound("There is no such page to save.");
    const { language } = splitLanguage(page);
    const guideIndex = localePath(language, "/plan");
    const guide = await render(guideIndex);
    // A city's pack has the city on the map; an itinerary's page draws its own maps.
    const cityId = CITY_PAGE.exec(page)?.[1];
    const map = cityId ? [localePath(language, `/map?city=${cityId}`)] : [];
    const paths = [page, ...placeLinks(city.html), guideIndex, ...guideLinks(guide?.html ?? ""), ...map];
    const files: PackManifest["files"] = [];
    const scripts = new Set<string>();
    const pictures = new Set<string>();
    for (const path of new Set(paths)) {
      const rendered = path === page ? city : path === guideIndex ? guide : await render(path);
      // A page that is gone (a place taken off since the city's page was kept) is simply not in the pack.
      if (!rendered) continue;
      files.push({ url: path, bytes: rendered.bytes });
      for (const script of scriptsOf(rendered.html)) scripts.add(script);
      if (!lite) for (const picture of smallestPictures(rendered.html)) pictures.add(picture);
    }
    const encoding = pickEncoding(c.req.header("accept-encoding"));
    for (const url of scripts) files.push({ url, bytes: scriptBytes(url, encoding) });
    for (const url of pictures) {
      const bytes = await pictureBytes(url);
      if (bytes !== undefined) files.push({ url, bytes });
    }
    return { page, title: headingOf(city.html), lite, files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
  }

  app.get("/trip-pack.json", async (c) => {
    const query = parseOr400(packQuery, c.req.query(), "Ask for the pack of a city's page (?page=/cities/1/sites/3) or an itinerary's.");
    const { page } = query;
    // A browser that says it saves data gets the pack without pictures, as its pages are.
    const lite = query.lite === "1" || savesDataAsked(c.req.raw.headers);
    const accepted = c.req.header("accept-encoding");
    // The sizes depend on the compression this browser takes, so browsers that take the same share an answer.
    const encoding = pickEncoding(accepted) ?? "identity";
    const key = `${await cache.version()} ${damascusToday()} ${encoding} ${lite ? "lite" : "full"} ${page}`;
    return cache.answer(key, accepted, async () => {
      const body = new TextEncoder().encode(JSON.stringify(await manifest(page, lite, c)));
      const headers = new Headers({ "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" });
      return { status: 200, headers, body };
    });
  });
}
