// Title, description, canonical URL, hreflang alternates, Open Graph and JSON-LD of a page. React 19
// hoists <title>, <meta> and <link> into the document head.
import { useEnclosingRouteData } from "../lib/route-data";
import type { RootData } from "../root";
import { useI18n } from "../i18n/I18nProvider";
import { alternates, localePath } from "../lib/paths";

const OG_LOCALE: Record<string, string> = { en: "en_GB", ar: "ar_SY", fr: "fr_FR", es: "es_ES", it: "it_IT", tr: "tr_TR", zh: "zh_CN" };

export function Seo({
  title,
  description,
  path,
  image,
  jsonLd,
  noindex,
  page = 1,
}: {
  title: string;
  description: string;
  path: string;
  image?: string;
  jsonLd?: object;
  /** A page search engines should not list (the offline page). */
  noindex?: boolean;
  /** The page of a list (?page=N): its own canonical address and title. */
  page?: number;
}) {
  const root = useEnclosingRouteData<RootData>("root");
  const { t, language } = useI18n();
  const pageTitle = page > 1 ? t("common.titlePage", { title, page }) : title;
  const address = page > 1 ? `${path}?page=${page}` : path;
  const url = root.origin + localePath(language, address);
  const fullTitle = path === "/" ? `${t("common.siteName")} | ${pageTitle}` : `${pageTitle} | ${t("common.siteName")}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      {alternates(address).map((a) => (
        <link key={a.language} rel="alternate" hrefLang={a.language} href={root.origin + a.path} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={root.origin + address} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t("common.siteName")} />
      <meta property="og:title" content={pageTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      {image && <meta property="og:image" content={root.origin + image} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      {jsonLd && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON from our own loader, with "<" escaped so it cannot close the script.
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      )}
    </>
  );
}
