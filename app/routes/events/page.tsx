// /events/{slug}: one event: its next dates in the page's language (or its last, when none is ahead), whether
// they are expected, where it happens on the map, its source, its calendar file and its schema.org Event.
import type { Route } from "./+types/page";
import { languageOf, domainOf, notFound } from "../../lib/loader-params.server";
import { eventView } from "../../lib/events.server";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";
import { SurroundingsMap } from "../../components/SurroundingsMap";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const view = await eventView(domainOf(context), languageOf(params), params.slug, new URL(request.url).origin);
  if (!view) throw notFound();
  return view;
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, dates, last, expected, placePath, map, calendar, jsonLd } = loaderData;
  return (
    <article className="page event-page">
      <Seo title={event.name} description={event.summary} path={`/events/${event.slug}`} jsonLd={jsonLd ?? undefined} />
      <p className="breadcrumbs">
        <LocalLink to="/events">{t("events.title")}</LocalLink>
      </p>
      <h1>{event.name}</h1>
      {event.status !== "scheduled" && <p className="event-status">{t(`events.statuses.${event.status}`)}</p>}
      <p className="lead">{event.summary}</p>
      <section aria-labelledby="event-dates">
        <h2 id="event-dates">{dates.length ? t("events.dates") : t("events.lastDate")}</h2>
        <ul className="event-dates">
          {(dates.length ? dates : last ? [last] : []).map((d) => (
            <li key={d.day}>{d.when}</li>
          ))}
        </ul>
        {expected && <p className="note">{t("events.expected")}</p>}
        <p>
          <a className="button" href={calendar} download>
            {t("events.addToCalendar")}
          </a>
        </p>
      </section>
      {event.description && <p>{event.description}</p>}
      <section aria-labelledby="event-where">
        <h2 id="event-where">{t("events.where")}</h2>
        {event.place && placePath && (
          <p>
            <LocalLink to={placePath}>{event.place.name}</LocalLink>
          </p>
        )}
        <p>
          <LocalLink to={`/events?city=${event.city.slug}`}>{t("events.inCity", { city: event.city.name })}</LocalLink>
        </p>
        {map && event.place && <SurroundingsMap map={map} name={event.place.name} />}
      </section>
      <p className="note">
        <a href={event.source} rel="noopener noreferrer" target="_blank">
          {t("events.source")}
        </a>
      </p>
    </article>
  );
}
