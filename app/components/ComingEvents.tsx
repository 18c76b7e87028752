// A city's or a place's next events, each a link to its page, and a link to all of the city's events.
import { useI18n } from "../i18n/I18nProvider";
import type { ComingEvent } from "../lib/events.server";
import { LocalLink } from "./LocalLink";

/** `level`: its heading's, under the page's own headings. */
export function ComingEvents({ events, level = 2 }: { events: ComingEvent[]; level?: 2 | 3 }) {
  const { t } = useI18n();
  const Heading = level === 2 ? "h2" : "h3";
  if (events.length === 0) return null;
  return (
    <section className="section coming-events" aria-labelledby="coming-events">
      <Heading id="coming-events">{t("events.coming")}</Heading>
      <ul className="event-list">
        {events.map((e) => (
          <li key={`${e.slug}-${e.when}`} className="event-item">
            <LocalLink to={`/events/${e.slug}`}>{e.name}</LocalLink>
            <p className="event-when">{e.when}</p>
            {e.expected && <p className="note">{t("events.expected")}</p>}
          </li>
        ))}
      </ul>
      <p className="see-all">
        <LocalLink to={`/events?city=${events[0]?.city}`}>{t("events.all")}</LocalLink>
      </p>
    </section>
  );
}
