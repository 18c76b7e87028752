// sitemap.xml: every public page in every language, each with its hreflang alternates.
import type { Route } from "./+types/sitemap";
import { domainOf } from "../lib/loader-params.server";
import { alternates, sitePath } from "../lib/paths";
import { isBrowsedByCity } from "../../domain/content/category-kind";

export async function loader({ context, request }: Route.LoaderArgs) {
  const domain = domainOf(context);
  const origin = domain.publicOrigin ?? new URL(request.url).origin;
  const paths = ["/", "/destinations", "/experiences", "/culture", "/about", "/contact", "/privacy", "/services", "/map", "/plan"];
  for (const page of await domain.content.guide("en")) paths.push(`/plan/${page.slug}`);
  const categories = await domain.content.categories("en");
  for (const c of categories.filter(isBrowsedByCity)) {
    paths.push(sitePath.category(c.id));
    for (const city of (await domain.content.citiesOfCategory(c.id, "en"))?.cities ?? []) paths.push(sitePath.citySites(c.id, city.id));
  }
  for (const s of await domain.content.serviceTypes("en")) paths.push(sitePath.service(s.id));
  for (const p of (await domain.content.places("en", {})).items) {
    if (p.kind === "service") continue;
    const base = sitePath.place(p.category_id, p.city_id, p.id);
    paths.push(base, `${base}/info`, `${base}/images`);
  }
  const escapeXml = (s: string) => s.replace(/&/g, "&amp;");
  const urls = paths.flatMap((path) => {
    const alts = alternates(path);
    const links = [
      ...alts.map((a) => `<xhtml:link rel="alternate" hreflang="${a.language}" href="${escapeXml(origin + a.path)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`,
    ].join("");
    return alts.map((a) => `<url><loc>${escapeXml(origin + a.path)}</loc>${links}</url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
