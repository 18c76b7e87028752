// sitemap.xml: an index of the sitemap's files (app/lib/sitemap.server.ts).
import type { Route } from "./+types/sitemap";
import { domainOf, originOf } from "../lib/loader-params.server";
import { sitemapIndex } from "../lib/sitemap.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const domain = domainOf(context);
  return sitemapIndex(domain, originOf(context, request));
}
