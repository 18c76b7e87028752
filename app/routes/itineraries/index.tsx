// /itineraries: the suggested routes, each with its days, themes and best seasons, and a word when a place on
// it has a safety note or is not fully open.
import type { Route } from "./+types/index";
import { languageOf, domainOf } from "../../lib/loader-params.server";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";
import { themesAndSeasons } from "../../lib/itineraries";

export async function loader({ params, context }: Route.LoaderArgs) {
  const routes = await domainOf(context).itineraries.list(languageOf(params));
  return {
    routes: routes.map((r) => ({
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      themes: r.themes,
      seasons: r.seasons,
      days: r.days.length,
      caution: r.caution,
    })),
  };
}

export default function Itineraries({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  return (
    <div className="page itineraries-page">
      <Seo title={t("itineraries.title")} description={t("itineraries.lead")} path="/itineraries" />
      <h1>{t("itineraries.title")}</h1>
      <p className="lead">{t("itineraries.lead")}</p>
      {loaderData.routes.length === 0 ? (
        <p className="state">{t("itineraries.none")}</p>
      ) : (
        <ul className="itinerary-list">
          {loaderData.routes.map((r) => (
            <li key={r.slug}>
              <h2>
                <LocalLink to={`/itineraries/${r.slug}`}>{r.title}</LocalLink>
              </h2>
              <p className="itinerary-meta">
                {t("itineraries.dayCount", { count: r.days })} · {themesAndSeasons(t, language, r)}
              </p>
              {r.caution && <p className="itinerary-caution">{t("itineraries.cautionShort")}</p>}
              <p>{r.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
