import type { Route } from "./+types/robots";
import { originOf } from "../lib/loader-params.server";

export function loader({ context, request }: Route.LoaderArgs) {
  const origin = originOf(context, request);
  return new Response(`User-agent: *\nAllow: /\nDisallow: /back/\nDisallow: /review/\n\nSitemap: ${origin}/sitemap.xml\n`, {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
