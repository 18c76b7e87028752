// /manifest.webmanifest (and under each language prefix): what makes the site installable, in the visitor's
// language, opening on that language's home page.
import type { Route } from "./+types/manifest";
import { languageOf } from "../lib/loader-params.server";
import { localePath } from "../lib/paths";
import { directionOf } from "../../shared/languages";
import { messagesFor } from "../i18n/messages.server";
import { translate } from "../i18n/translate";

export function loader({ params }: Route.LoaderArgs) {
  const language = languageOf(params);
  const t = (key: string) => translate(messagesFor(language), key);
  const manifest = {
    id: "/",
    name: t("common.siteName"),
    short_name: t("common.siteName"),
    description: t("footer.description"),
    lang: language,
    dir: directionOf(language),
    start_url: localePath(language, "/"),
    scope: "/",
    display: "standalone",
    background_color: "#f5ecdc",
    theme_color: "#14532d",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      { name: t("map.title"), url: localePath(language, "/map") },
      { name: t("saved.title"), url: localePath(language, "/saved") },
      { name: t("plan.title"), url: localePath(language, "/plan") },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { "content-type": "application/manifest+json; charset=utf-8" } });
}
