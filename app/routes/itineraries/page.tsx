// /itineraries/{slug}: one suggested route, day by day: each day's stops on a map and in order, with the
// straight-line distance from the stop before, each place's state and safety note where it has them (and a
// word at the top when any has), the editor's note; a copy into the visitor's trip, printing, and the route
// saved for offline.
import type { Route } from "./+types/page";
import { languageOf, domainOf, notFound } from "../../lib/loader-params.server";
import { itineraryOf } from "../../lib/itineraries.server";
import { localePath } from "../../lib/paths";
import { themesAndSeasons } from "../../lib/itineraries";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";
import { RouteMap } from "../../components/RouteMap";
import { CopyToTrip } from "../../components/CopyToTrip";
import { SaveOffline } from "../../components/SaveOffline";
import { ItineraryStop } from "../../components/ItineraryStop";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await itineraryOf(domainOf(context), languageOf(params), params.slug);
  if (!page) throw notFound();
  return page;
}

export default function ItineraryPage({ loaderData: r }: Route.ComponentProps) {
  const { t, language } = useI18n();
  return (
    <article className="page itinerary-page">
      <Seo
        title={r.title}
        description={r.summary}
        path={`/itineraries/${r.slug}`}
        jsonLd={{
          "@context": "https://schema.org",
          "@type": "TouristTrip",
          name: r.title,
          description: r.summary,
          itinerary: {
            "@type": "ItemList",
            itemListElement: r.days.flatMap((d) =>
              d.stops.map((s) => ({ "@type": "ListItem", position: s.n, item: { "@type": "TouristAttraction", name: s.place.name } })),
            ),
          },
        }}
      />
      <p className="breadcrumbs no-print">
        <LocalLink to="/itineraries">{t("itineraries.title")}</LocalLink>
      </p>
      <h1>{r.title}</h1>
      <p className="lead">{r.summary}</p>
      {r.caution && <p className="itinerary-caution">{t("itineraries.caution")}</p>}
      <p className="itinerary-meta">{themesAndSeasons(t, language, r)}</p>
      <div className="itinerary-actions no-print">
        <CopyToTrip days={r.days.map((d) => d.stops.map((s) => s.place.id))} />
        <p>
          <button type="button" className="button secondary" onClick={() => window.print()}>
            {t("itineraries.print")}
          </button>
        </p>
      </div>
      <div className="no-print">
        <SaveOffline page={localePath(language, `/itineraries/${r.slug}`)} kind="itinerary" />
      </div>
      {r.days.map((day, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a day is its position in the route.
        <section key={i} className="itinerary-day" aria-labelledby={`day-${i + 1}`}>
          <h2 id={`day-${i + 1}`}>{t("itineraries.day", { n: i + 1 })}</h2>
          <RouteMap map={day.map} label={t("itineraries.dayMap", { n: i + 1 })} />
          <ol className="itinerary-stops" start={day.stops[0]?.n}>
            {day.stops.map((s) => (
              <ItineraryStop key={s.n} stop={s} />
            ))}
          </ol>
        </section>
      ))}
      <p className="note">{t("itineraries.distanceNote")}</p>
    </article>
  );
}
