// The events pages' views: what is on (from today, in a month, or past) with the page's filters, and one
// event with its dates written in the page's language, its place's map and its schema.org Event.
import type { Domain } from "../../domain/domain";
import type { EventOn, EventView } from "../../domain/events/service";
import type { Occurrence } from "../../domain/events/dates";
import { damascusTime } from "../../shared/damascus-time";
import { EVENT_KINDS, type EventKind } from "../../shared/events";
import type { LanguageCode } from "../../shared/languages";
import { localePath, sitePath } from "../../shared/paths";
import { eventDate, monthYear } from "./dates.server";
import { surroundingsMap } from "./map.server";
import { imageView } from "./images";

type EventsMode = "upcoming" | "month" | "past";
/** An event on one date as a list shows it. */
export type EventListItem = {
  slug: string;
  name: string;
  summary: string;
  kind: EventKind;
  status: EventView["status"];
  when: string;
  expected: boolean;
  city: string;
  place: string | null;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month before and after "2027-09". */
function neighbours(month: string): { previous: string; next: string } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const at = (m: number) => new Date(Date.UTC(year, m - 1, 1)).toISOString().slice(0, 7);
  return { previous: at(number - 1), next: at(number + 1) };
}

function listItem({ event, on }: EventOn, language: string): EventListItem {
  return {
    slug: event.slug,
    name: event.name,
    summary: event.summary,
    kind: event.kind,
    status: event.status,
    when: eventDate(on, language),
    expected: on.expected,
    city: event.city.name,
    place: event.place?.name ?? null,
  };
}

/** /events: the filters asked (a city's slug, a kind, a month "2027-09" or the past), each ignored when unknown. */
export async function eventsView(domain: Domain, language: LanguageCode, query: URLSearchParams) {
  const cities = (await domain.content.cities(language)).map((c) => ({ slug: c.slug, name: c.name }));
  const city = cities.find((c) => c.slug === query.get("city"))?.slug;
  const kind = EVENT_KINDS.find((k) => k === query.get("kind"));
  const month = MONTH.test(query.get("month") ?? "") ? (query.get("month") as string) : undefined;
  const mode: EventsMode = query.get("when") === "past" ? "past" : month ? "month" : "upcoming";
  const filter = { city, kind };
  const found =
    mode === "past"
      ? await domain.events.past(language, filter)
      : month
        ? await domain.events.month(language, month, filter)
        : await domain.events.upcoming(language, filter);
  // The list in months, each headed by its name (the past ones latest first, as found).
  const groups: Array<{ month: string; title: string; items: EventListItem[] }> = [];
  for (const date of found) {
    const key = date.on.day.slice(0, 7);
    if (groups.at(-1)?.month !== key) groups.push({ month: key, title: monthYear(`${key}-01`, language), items: [] });
    groups.at(-1)?.items.push(listItem(date, language));
  }
  const shown = month ?? domain.events.today().slice(0, 7);
  return {
    mode,
    filter: { city: city ?? "", kind: kind ?? "", month: month ?? "" },
    cities,
    groups,
    month: { value: shown, title: monthYear(`${shown}-01`, language), ...neighbours(shown) },
  };
}

/** The dates of an event as its page writes them. */
const datesOf = (dates: Occurrence[], language: string) =>
  dates.map((on) => ({ day: on.day, when: eventDate(on, language), expected: on.expected }));

/** /events/{slug}: one event, or undefined. */
export async function eventView(domain: Domain, language: LanguageCode, slug: string, origin: string) {
  const found = await domain.events.event(language, slug);
  if (!found) return undefined;
  const { event, dates, last } = found;
  const place = event.place;
  return {
    event,
    dates: datesOf(dates, language),
    last: last ? datesOf([last], language)[0] : null,
    expected: dates.some((d) => d.expected) || last?.expected === true,
    placePath: place ? sitePath.place(place.categoryId, event.city.id, place.id) : null,
    picture: event.picture ? imageView(event.picture) : null,
    map: place ? await surroundingsMap(domain, language, place) : null,
    calendar: `${localePath(language, "/events.ics")}?event=${event.slug}`,
    jsonLd: eventJsonLd(event, dates[0] ?? last, new URL(localePath(language, `/events/${slug}`), origin).href, language),
  };
}

/** A day as it is, a Damascus time as the instant it is. */
const instant = (wall: string, allDay: boolean) => (allDay ? wall : (damascusTime(wall)?.toISOString() ?? wall));

const STATUS = {
  scheduled: "https://schema.org/EventScheduled",
  postponed: "https://schema.org/EventPostponed",
  cancelled: "https://schema.org/EventCancelled",
} as const;

/**
 * The event's schema.org Event at its next (or last) date. A date still to be confirmed has no eventStatus:
 * schema.org has none for it, and "scheduled" would say more than is known.
 */
function eventJsonLd(event: EventView, on: Occurrence | null | undefined, url: string, language: string) {
  if (!on) return null;
  const status = event.status === "to-be-confirmed" ? undefined : STATUS[event.status];
  const address = { "@type": "PostalAddress", addressLocality: event.city.name, addressCountry: "SY" };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    description: event.summary,
    url,
    inLanguage: language,
    startDate: instant(on.start, on.allDay),
    ...(on.end ? { endDate: instant(on.end, on.allDay) } : {}),
    ...(status ? { eventStatus: status } : {}),
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: event.place
      ? {
          "@type": "Place",
          name: event.place.name,
          address,
          geo: { "@type": "GeoCoordinates", latitude: event.place.lat, longitude: event.place.lng },
        }
      : { "@type": "Place", name: event.city.name, address },
    sameAs: event.source,
    ...(event.picture ? { image: new URL(event.picture.src, url).href } : {}),
  };
}

/** How many coming events a city's or a place's page lists. */
const COMING = 3;

/** The next events of a city or a place, for its page (none: the page shows no section). */
export async function comingEvents(domain: Domain, language: LanguageCode, filter: { cityId?: number; placeId?: number }) {
  return (await domain.events.upcoming(language, filter, COMING)).map(({ event, on }) => ({
    slug: event.slug,
    name: event.name,
    when: eventDate(on, language),
    expected: on.expected,
    city: event.city.slug,
  }));
}
export type ComingEvent = Awaited<ReturnType<typeof comingEvents>>[number];
