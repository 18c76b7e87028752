// /events: what is on from today, a month's events (?month=2027-09) or the past ones (?when=past), by city and
// kind. The filters are a GET form and the months links, so the page works without a script.
import { Form } from "react-router";
import type { Route } from "./+types/index";
import { languageOf, domainOf } from "../../lib/loader-params.server";
import { eventsView, type EventListItem } from "../../lib/events.server";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";
import { localePath } from "../../lib/paths";
import { EVENT_KINDS } from "../../../shared/events";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return eventsView(domainOf(context), languageOf(params), new URL(request.url).searchParams);
}

/** A query string of the filters that are set. */
const queryOf = (values: Record<string, string>) => {
  const set = Object.entries(values).filter(([, v]) => v !== "");
  return set.length ? `?${new URLSearchParams(set).toString()}` : "";
};

function EventItem({ item }: { item: EventListItem }) {
  const { t } = useI18n();
  return (
    <li className="event-item">
      <h3>
        <LocalLink to={`/events/${item.slug}`}>{item.name}</LocalLink>
      </h3>
      <p className="event-when">
        {item.when}
        {item.status !== "scheduled" && <strong className="event-status"> {t(`events.statuses.${item.status}`)}</strong>}
      </p>
      <p className="note">{item.place ? t("events.at", { place: item.place, city: item.city }) : item.city}</p>
      {item.expected && <p className="note">{t("events.expected")}</p>}
      <p>{item.summary}</p>
    </li>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const { mode, filter, cities, groups, month } = loaderData;
  const title =
    mode === "past" ? t("events.archiveTitle") : mode === "month" ? t("events.monthTitle", { month: month.title }) : t("events.title");
  const kept = { city: filter.city, kind: filter.kind };
  return (
    <div className="page events-page">
      <Seo title={title} description={t("events.description")} path="/events" />
      <h1>{title}</h1>
      <p className="lead">{t("events.description")}</p>
      <Form method="get" action={localePath(language, "/events")} className="map-filters">
        <label>
          {t("events.city")}
          <select name="city" defaultValue={filter.city} key={`city-${filter.city}`}>
            <option value="">{t("events.allCities")}</option>
            {cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("events.kind")}
          <select name="kind" defaultValue={filter.kind} key={`kind-${filter.kind}`}>
            <option value="">{t("events.allKinds")}</option>
            {EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`events.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("events.month")}
          <input type="month" name="month" defaultValue={filter.month} key={`month-${filter.month}`} />
        </label>
        <button type="submit" className="button">
          {t("events.show")}
        </button>
      </Form>
      <nav className="chips" aria-label={t("events.views")}>
        <LocalLink className="chip" to={`/events${queryOf(kept)}`} aria-current={mode === "upcoming" ? "page" : undefined}>
          {t("events.upcoming")}
        </LocalLink>
        <LocalLink
          className="chip"
          to={`/events${queryOf({ ...kept, month: month.value })}`}
          aria-current={mode === "month" ? "page" : undefined}
        >
          {t("events.byMonth")}
        </LocalLink>
        <LocalLink className="chip" to={`/events${queryOf({ ...kept, when: "past" })}`} aria-current={mode === "past" ? "page" : undefined}>
          {t("events.archive")}
        </LocalLink>
        <a className="chip" href={`${localePath(language, "/events.ics")}${queryOf({ city: filter.city })}`}>
          {t("events.subscribe")}
        </a>
      </nav>
      {mode === "month" && (
        <nav className="guide-pager" aria-label={t("events.months")}>
          <LocalLink to={`/events${queryOf({ ...kept, month: month.previous })}`} rel="prev">
            {t("events.previousMonth")}
          </LocalLink>
          <LocalLink to={`/events${queryOf({ ...kept, month: month.next })}`} rel="next">
            {t("events.nextMonth")}
          </LocalLink>
        </nav>
      )}
      {groups.length === 0 && <p role="status">{mode === "past" ? t("events.nonePast") : t("events.none")}</p>}
      {groups.map((g) => (
        <section key={g.month} aria-labelledby={`month-${g.month}`}>
          <h2 id={`month-${g.month}`}>{g.title}</h2>
          <ul className="event-list">
            {g.items.map((item) => (
              <EventItem key={`${item.slug}-${item.when}`} item={item} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
