// /events/{slug}: one event: its next dates in the page's language (or its last, when none is ahead), whether
// they are expected, its photograph with its credit, where it happens on the map, its source, its calendar file
// and its schema.org Event.
import type { Route } from "./+types/page";
import { languageOf, domainOf, notFound } from "../../lib/loader-params.server";
import { eventView } from "../../lib/events.server";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";
import { SurroundingsMap } from "../../components/SurroundingsMap";
import { Picture } from "../../components/Picture";
import { PhotoCredit } from "../../components/PhotoCredit";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const view = await eventView(domainOf(context), languageOf(params), params.slug, new URL(request.url).origin);
  if (!view) throw notFound();
  return view;
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { event, dates, last, expected, placePath, map, calendar, jsonLd, picture } = loaderData;
  // Its next dates, or the last one it had; an event older than the archive has neither and shows no dates.
  const shown = dates.length ? dates : last ? [last] : [];
  return (
    <article className="page event-page">
      <Seo
        title={event.name}
        description={event.summary}
        path={`/events/${event.slug}`}
        image={picture?.src}
        jsonLd={jsonLd ?? undefined}
      />
      <p className="breadcrumbs">
        <LocalLink to="/events">{t("events.title")}</LocalLink>
      </p>
      <h1>{event.name}</h1>
      {picture?.credit && (
        <figure className="city-photo">
          <Picture image={picture} sizes="100vw" eager />
          <figcaption>
            <PhotoCredit credit={picture.credit} />
          </figcaption>
        </figure>
      )}
      {event.status !== "scheduled" && <p className="event-status">{t(`events.statuses.${event.status}`)}</p>}
      <p className="lead">{event.summary}</p>
      {shown.length > 0 && (
        <section aria-labelledby="event-dates">
          <h2 id="event-dates">{dates.length ? t("events.dates") : t("events.lastDate")}</h2>
          <ul className="event-dates">
            {shown.map((d) => (
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
      )}
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
