// The published events read in one language, with the dates they fall on: what is on from a day (the events
// page, a city's and a place's pages), in a month, what is past (the archive), one event, and a calendar feed.
import type { EventFilter, EventRow, EventsRepository } from "../../db/repositories/events.ts";
import { damascusToday } from "../../shared/damascus-time.ts";
import { z } from "zod";
import type { EventKind, EventRule, EventStatus } from "../../shared/events.ts";
import { textIn } from "../content/schema.ts";
import { event, type EventItem } from "../content/event-schema.ts";
import { addDays, occurrences, type Occurrence } from "./dates.ts";
import { detailsSchema, type MediaDetails } from "../content/media-details.ts";

export type EventView = {
  slug: string;
  kind: EventKind;
  status: EventStatus;
  name: string;
  summary: string;
  description: string | null;
  source: string;
  /** The rule that computes its dates, when they are computed. */
  computed: EventRule | null;
  /** Whether its own dates repeat by a recurrence rule. */
  repeats: boolean;
  city: { id: number; slug: string; name: string };
  place: { id: number; categoryId: number; name: string; lat: number; lng: number } | null;
  /** Its photograph, as a media row gives one, with its caption and alt text in the language. */
  picture: EventPicture | null;
  /** Raised each time the event changes (the calendars' SEQUENCE). */
  sequence: number;
  updatedAt: string;
};
type EventPicture = {
  src: string;
  width: number | null;
  height: number | null;
  details: MediaDetails;
  title: string;
  description: string;
};
/** An event's photograph as the writer keeps it: a media row's fields, its texts by language. */
const storedPicture = z.object({
  src: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  details: detailsSchema,
  text: z.record(z.string(), z.object({ title: z.string(), description: z.string() })),
});

function pictureIn(json: string | null, language: string): EventPicture | null {
  if (json === null) return null;
  const { text, ...picture } = storedPicture.parse(JSON.parse(json));
  const texts = text[language] ?? text.en;
  return {
    src: picture.src,
    width: picture.width,
    height: picture.height,
    details: picture.details,
    title: texts?.title ?? "",
    description: texts?.description ?? "",
  };
}

/** An event on one of its dates. */
export type EventOn = { event: EventView; on: Occurrence };

/** How far ahead "what is on" looks, and how far back the archive. */
const AHEAD_DAYS = 366;
const ARCHIVE_DAYS = 366 * 2;

function viewOf(row: EventRow, language: string): { view: EventView; item: EventItem } {
  // Checked as it is read, as it was when written: a bad row fails here, saying what is wrong (about 20 µs an event).
  const item = event.parse(JSON.parse(row.body));
  const place =
    row.place_id !== null && row.place_category_id !== null && row.lat !== null && row.lng !== null
      ? { id: row.place_id, categoryId: row.place_category_id, name: row.place_name ?? "", lat: row.lat, lng: row.lng }
      : null;
  return {
    item,
    view: {
      slug: row.slug,
      kind: item.kind,
      status: item.status,
      name: textIn(item.name, language),
      summary: textIn(item.summary, language),
      description: item.description ? textIn(item.description, language) : null,
      source: item.source,
      computed: item.computed ?? null,
      repeats: item.repeat !== undefined,
      city: { id: row.city_id, slug: row.city_slug, name: row.city_name },
      place,
      picture: pictureIn(row.picture, language),
      sequence: row.sequence,
      updatedAt: row.updated_at,
    },
  };
}

const byDate = (a: EventOn, b: EventOn) => a.on.start.localeCompare(b.on.start) || a.event.name.localeCompare(b.event.name);

export function eventsService(repo: EventsRepository, { today = () => damascusToday() }: { today?: () => string } = {}) {
  /** Every date of the filter's events between two days, in order. */
  async function between(language: string, filter: EventFilter, from: string, to: string): Promise<EventOn[]> {
    const out: EventOn[] = [];
    for (const row of await repo.list(language, filter)) {
      const { view, item } = viewOf(row, language);
      for (const on of occurrences(item, from, to)) out.push({ event: view, on });
    }
    return out.sort(byDate);
  }

  return {
    today,

    /** Every published event's slug (each has a page, past or not). */
    async slugs(): Promise<string[]> {
      return (await repo.list("en")).map((row) => row.slug);
    },

    /** What is on from today, for a year, in order (`limit`: the first so many). */
    async upcoming(language: string, filter: EventFilter = {}, limit?: number): Promise<EventOn[]> {
      const from = today();
      const found = await between(language, filter, from, addDays(from, AHEAD_DAYS));
      return limit === undefined ? found : found.slice(0, limit);
    },

    /** The dates in a month ("2027-09"), in order. */
    async month(language: string, month: string, filter: EventFilter = {}): Promise<EventOn[]> {
      const [year, number] = month.split("-").map(Number) as [number, number];
      return between(language, filter, `${month}-01`, new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10));
    },

    /** What has ended in the last two years, the latest first. */
    async past(language: string, filter: EventFilter = {}): Promise<EventOn[]> {
      const yesterday = addDays(today(), -1);
      const found = await between(language, filter, addDays(yesterday, -ARCHIVE_DAYS), yesterday);
      return found.filter((e) => (e.on.allDay ? (e.on.end ?? e.on.day) : e.on.day) <= yesterday).reverse();
    },

    /** One event with its next dates (at most `dates`), and the last one when none is ahead. */
    async event(
      language: string,
      slug: string,
      dates = 3,
    ): Promise<{ event: EventView; dates: Occurrence[]; last: Occurrence | null } | undefined> {
      const row = (await repo.list(language, { slug }))[0];
      if (!row) return undefined;
      const { view, item } = viewOf(row, language);
      const from = today();
      const ahead = occurrences(item, from, addDays(from, AHEAD_DAYS * 2)).slice(0, dates);
      const last = ahead.length ? null : (occurrences(item, addDays(from, -ARCHIVE_DAYS), addDays(from, -1)).at(-1) ?? null);
      return { event: view, dates: ahead, last };
    },

    /** The events a calendar feed holds: each date from a year back to two years ahead. */
    async feed(language: string, filter: EventFilter = {}): Promise<EventOn[]> {
      const from = today();
      return between(language, filter, addDays(from, -366), addDays(from, AHEAD_DAYS * 2));
    },
  };
}
export type EventsService = ReturnType<typeof eventsService>;
