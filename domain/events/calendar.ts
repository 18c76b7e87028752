// A calendar feed (RFC 5545) of events' dates, written by ical-generator with the VTIMEZONE of Asia/Damascus
// from timezones-ical-library (Syria has kept +03:00 all year since 2022; older tables still say otherwise).
// Every date is its own VEVENT, so a calendar needs no recurrence rule of ours: a computed feast is one
// VEVENT a year, whose UID keeps its year (a sighting that moves it a day changes the VEVENT, not its UID).
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { DAMASCUS_ZONE } from "../../shared/damascus-time.ts";
import type { EventStatus } from "../../shared/events.ts";
import { addDays, type Occurrence } from "./dates.ts";
import type { EventOn } from "./service.ts";

type CalendarTexts = {
  /** The calendar's name, as a phone lists it. */
  name: string;
  /** Said of a date computed from the Islamic calendar. */
  expected: string;
  statuses: Record<EventStatus, string>;
};

const STATUS: Record<EventStatus, ICalEventStatus> = {
  scheduled: ICalEventStatus.CONFIRMED,
  "to-be-confirmed": ICalEventStatus.TENTATIVE,
  postponed: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/** What tells this date of the event from its others, for ever: nothing for a one-off, its year, or its day. */
function uidOf({ event, on }: EventOn, host: string): string {
  if (event.computed) return `${event.slug}-${on.day.slice(0, 4)}@${host}`;
  return event.repeats ? `${event.slug}-${on.day}@${host}` : `${event.slug}@${host}`;
}

/** The times of one date as the feed writes them: a whole day ends the day after its last (RFC 5545 §3.6.1). */
function timesOf(on: Occurrence) {
  if (on.allDay) return { start: on.day, end: addDays(on.end ?? on.day, 1), allDay: true };
  return { start: `${on.start}:00`, end: on.end ? `${on.end}:00` : undefined, timezone: DAMASCUS_ZONE };
}

/** The feed: `link` gives an event's page, `origin` the site's address (the UIDs' host). */
export function calendarOf(
  dates: EventOn[],
  texts: CalendarTexts,
  { origin, link }: { origin: string; link: (slug: string) => string },
): string {
  const host = new URL(origin).host;
  const calendar = ical({
    name: texts.name,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: host, product: "events", language: "EN" },
    timezone: { name: DAMASCUS_ZONE, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null },
  });
  for (const date of dates) {
    const { event, on } = date;
    const status = event.status === "scheduled" ? [] : [texts.statuses[event.status]];
    calendar.createEvent({
      id: uidOf(date, host),
      sequence: event.sequence,
      stamp: new Date(event.updatedAt),
      ...timesOf(on),
      summary: event.name,
      description: [...status, event.summary, ...(on.expected ? [texts.expected] : []), event.source].join("\n\n"),
      location: event.place
        ? { title: `${event.place.name}, ${event.city.name}`, geo: { lat: event.place.lat, lon: event.place.lng } }
        : event.city.name,
      status: on.expected && event.status === "scheduled" ? ICalEventStatus.TENTATIVE : STATUS[event.status],
      url: new URL(link(event.slug), origin).href,
    });
  }
  return calendar.toString();
}
