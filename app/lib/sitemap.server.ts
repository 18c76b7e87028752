// The sitemap in files a search engine accepts at national scale. The protocol allows 50,000 addresses and
// 50 MB a file; each place has three pages in seven languages, each address listing its eight alternates,
// so /sitemap.xml is an index of files: the site's own pages, then its places 200 to a file (4,200
// addresses, about 5 MB), each file read and written alone.
import type { Domain } from "../../domain/domain.ts";
import { alternates, sitePath } from "./paths";
import { isBrowsedByCity } from "../../domain/content/category-kind";

/** Places whose pages one sitemap file lists. */
const PLACES_PER_SITEMAP = 200;
/** Service providers have no page of their own: they are shown on their service type's list. */
const WITH_PAGES = { notKind: "service" };

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const xmlAnswer = (xml: string) => new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });

/** The index: the file of the site's pages, and one file per 200 places. */
export async function sitemapIndex(domain: Domain, origin: string): Promise<Response> {
  const files = Math.ceil((await domain.content.countPlaces(WITH_PAGES)) / PLACES_PER_SITEMAP);
  const names = ["pages.xml", ...Array.from({ length: files }, (_, i) => `places-${i + 1}.xml`)];
  const entries = names.map((name) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}`)}</loc></sitemap>`);
  return xmlAnswer(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
  );
}

/** One file of the index (pages.xml, places-{n}.xml), or undefined when there is no such file. */
export async function sitemapFile(domain: Domain, origin: string, name: string): Promise<Response | undefined> {
  if (name === "pages.xml") return urlSet(origin, await sitePages(domain), OPEN_DATASETS);
  const n = /^places-([1-9]\d{0,5})\.xml$/.exec(name)?.[1];
  if (!n) return undefined;
  const places = await domain.content.placeAddresses(WITH_PAGES, { page: Number(n), perPage: PLACES_PER_SITEMAP });
  if (!places.length) return undefined;
  return urlSet(
    origin,
    places.flatMap((p) => {
      const base = sitePath.place(p.category_id, p.city_id, p.id);
      return [base, `${base}/info`, `${base}/images`];
    }),
  );
}

/**
 * Every page that is not a place's: the fixed pages, the guide, the events, the itineraries, the category and city lists, the
 * service types.
 */
async function sitePages(domain: Domain): Promise<string[]> {
  const paths = [
    "/",
    "/destinations",
    "/experiences",
    "/culture",
    "/about",
    "/contact",
    "/privacy",
    "/open-data",
    "/services",
    "/map",
    "/plan",
  ];
  for (const page of await domain.content.guide("en")) paths.push(`/plan/${page.slug}`);
  paths.push("/events");
  for (const slug of await domain.events.slugs()) paths.push(`/events/${slug}`);
  paths.push("/itineraries");
  for (const slug of await domain.itineraries.slugs()) paths.push(`/itineraries/${slug}`);
  const categories = await domain.content.categories("en");
  for (const c of categories.filter(isBrowsedByCity)) {
    paths.push(sitePath.category(c.id));
    for (const city of (await domain.content.citiesOfCategory("en", c.id))?.cities ?? []) paths.push(sitePath.cityPlaces(c.id, city.id));
  }
  for (const s of await domain.content.serviceTypes("en")) paths.push(sitePath.service(s.id));
  return paths;
}

/** The open datasets (decision 032): files, in no language of their own. */
const OPEN_DATASETS = ["/open-data/places.geojson", "/open-data/places.csv", "/open-data/catalog.jsonld"];

/** Each path in every language, each with its hreflang alternates; then `files`, once each. */
function urlSet(origin: string, paths: string[], files: string[] = []): Response {
  const urls = paths.flatMap((path) => {
    const alts = alternates(path);
    const links = [
      ...alts.map((a) => `<xhtml:link rel="alternate" hreflang="${a.language}" href="${escapeXml(origin + a.path)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`,
    ].join("");
    return alts.map((a) => `<url><loc>${escapeXml(origin + a.path)}</loc>${links}</url>`);
  });
  urls.push(...files.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`));
  return xmlAnswer(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`,
  );
}
