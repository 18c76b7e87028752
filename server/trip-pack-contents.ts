// What a trip pack holds, read from the pages themselves (decision 036): the pages a city's page links to,
// the scripts each page loads, and each picture once, at its smallest width. Reading our own rendered HTML
// keeps the pack exactly what a visitor would see offline, whatever the page's layout becomes.
import { PICTURE_VARIANT } from "../shared/trip-packs.ts";

/** A place's page, as a city's page links to it (app/routes.ts; the original app's URL shape). */
const PLACE_LINK = /href="((?:\/[a-z]{2})?\/cities\/\d+\/sites\/\d+\/action\/\d+)"/g;
/** A page of the trip-planning guide. */
const GUIDE_LINK = /href="((?:\/[a-z]{2})?\/plan\/[a-z0-9-]+)"/g;
/** The build's scripts a page loads or preloads (content-hashed, under /assets/), named in attributes and its module script alike. */
const SCRIPT = /"(\/assets\/[^"]+\.js)"/g;
/** Every picture address a page names, in src and srcset alike: /media/img/name.hash.480.webp 480w. */
const PICTURE = /(\/media\/(?:img|lib)\/[^"\s,]+\.(?:webp|avif|jpe?g|png))(?:\s+(\d+)w)?/g;

const unique = (values: Iterable<string>) => [...new Set(values)];

export const placeLinks = (html: string) => unique([...html.matchAll(PLACE_LINK)].map((m) => m[1]));
export const guideLinks = (html: string) => unique([...html.matchAll(GUIDE_LINK)].map((m) => m[1]));
export const scriptsOf = (html: string) => unique([...html.matchAll(SCRIPT)].map((m) => m[1]));

/**
 * One address per picture the page shows: its smallest WebP variant (every browser the site supports decodes
 * WebP; the service worker answers a wider variant's request with it offline). A picture without variants
 * (a library file served whole) is taken as named.
 */
export function smallestPictures(html: string): string[] {
  const best = new Map<string, { url: string; width: number }>();
  for (const [, url, given] of html.matchAll(PICTURE)) {
    const variant = PICTURE_VARIANT.exec(url);
    const picture = variant ? variant[1] : url;
    const width = Number(given ?? variant?.[2] ?? Number.MAX_SAFE_INTEGER);
    const isWebp = url.endsWith(".webp");
    const kept = best.get(picture);
    const keptIsWebp = kept?.url.endsWith(".webp") ?? false;
    if (!kept || (isWebp && !keptIsWebp) || (isWebp === keptIsWebp && width < kept.width)) best.set(picture, { url, width });
  }
  return [...best.values()].map((p) => p.url);
}
