// /sitemaps/{file}: one file of the sitemap's index, every address of its pages in every language.
import type { Route } from "./+types/sitemap-file";
import { domainOf, notFound, originOf } from "../lib/loader-params.server";
import { sitemapFile } from "../lib/sitemap.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const domain = domainOf(context);
  const file = await sitemapFile(domain, originOf(context, request), params.file);
  if (!file) throw notFound();
  return file;
}
