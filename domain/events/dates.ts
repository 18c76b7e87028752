// When an event happens between two days: its own dates, the dates its RFC 5545 rule repeats them on (rrule),
// or the dates a named rule computes each year. Dates and times are Damascus wall-clock values ("2027-09-13",
// "2027-09-13T18:00"), reckoned here as if they were UTC so that day arithmetic never meets a zone's change.
import rrulePackage from "rrule";
import type { EventItem } from "../content/event-schema.ts";
import { LUNAR_RULES, type EventRule } from "../../shared/events.ts";

const { rrulestr } = rrulePackage;
const DAY = 86_400_000;

export type Occurrence = {
  /** Its first day (YYYY-MM-DD): what tells one occurrence of a repeated event from another. */
  day: string;
  /** "2027-09-13" (a whole day) or "2027-09-13T18:00". */
  start: string;
  /** Its last day (inclusive) or its end time, when it has one. */
  end?: string;
  allDay: boolean;
  /** Computed from the Islamic calendar: the date depends on the sighting of the moon. */
  expected: boolean;
};

const asTime = (wall: string) => Date.parse(wall.length === 10 ? `${wall}T00:00:00Z` : `${wall}:00Z`);
const asWall = (time: number, withTime: boolean) => new Date(time).toISOString().slice(0, withTime ? 16 : 10);
/** The day `days` after (or before) a day, both YYYY-MM-DD. */
export const addDays = (day: string, days: number) => asWall(asTime(day) + days * DAY, false);

/** Western Easter Sunday of a year (the Gregorian computus: Meeus, Jones and Butcher). */
export function westernEaster(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return asWall(Date.UTC(year, month - 1, day), false);
}

/**
 * Eastern (Orthodox) Easter Sunday of a year, as a Gregorian date: the Julian computus (Meeus), moved by the
 * calendars' difference, which is 13 days from 1900 to 2099.
 */
export function easternEaster(year: number): string {
  const d = (19 * (year % 19) + 15) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return asWall(Date.UTC(year, month - 1, day + 13), false);
}

/** The Islamic month and day each lunar rule starts on. */
const HIJRI_START: Record<string, { month: number; day: number }> = {
  ramadan: { month: 9, day: 1 },
  "eid-al-fitr": { month: 10, day: 1 },
  "eid-al-adha": { month: 12, day: 10 },
};
const hijri = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", { timeZone: "UTC", month: "numeric", day: "numeric" });
/** Each Gregorian year's days by their Umm al-Qura month and day ("9-1"), made once per year asked. */
const hijriDays = new Map<number, Map<string, string[]>>();

function daysOfHijri(year: number, month: number, day: number): string[] {
  let days = hijriDays.get(year);
  if (!days) {
    days = new Map();
    for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += DAY) {
      const parts = hijri.formatToParts(new Date(t));
      const key = `${parts.find((p) => p.type === "month")?.value}-${parts.find((p) => p.type === "day")?.value}`;
      days.set(key, [...(days.get(key) ?? []), asWall(t, false)]);
    }
    hijriDays.set(year, days);
  }
  return days.get(`${month}-${day}`) ?? [];
}

/** The first days a rule gives in the Gregorian years from `first` to `last`. */
function computedDays(rule: EventRule, first: number, last: number): string[] {
  const out: string[] = [];
  for (let year = first; year <= last; year++) {
    if (rule === "easter-western") out.push(westernEaster(year));
    else if (rule === "easter-eastern") out.push(easternEaster(year));
    else {
      const start = HIJRI_START[rule];
      if (start) out.push(...daysOfHijri(year, start.month, start.day));
    }
  }
  return out;
}

/** The event's occurrences that fall, even in part, between the days `from` and `to` (inclusive), in order. */
export function occurrences(event: EventItem, from: string, to: string): Occurrence[] {
  const overlaps = (o: Occurrence) => o.day <= to && (o.allDay ? (o.end ?? o.day) : o.day) >= from;
  if (event.computed) {
    const rule = event.computed;
    const days = event.days ?? 1;
    // A feast that began late in the year before may still be on at `from`.
    const firstDays = computedDays(rule, Number(from.slice(0, 4)) - 1, Number(to.slice(0, 4)));
    return firstDays
      .map((day) => ({
        day,
        start: day,
        end: days > 1 ? addDays(day, days - 1) : undefined,
        allDay: true,
        expected: LUNAR_RULES.has(rule),
      }))
      .filter(overlaps);
  }
  const starts = event.starts;
  if (!starts) return [];
  const allDay = starts.length === 10;
  const length = event.ends ? asTime(event.ends) - asTime(starts) : 0;
  const one = (start: number): Occurrence => ({
    day: asWall(start, false),
    start: asWall(start, !allDay),
    end: event.ends ? asWall(start + length, !allDay) : undefined,
    allDay,
    expected: false,
  });
  if (!event.repeat) return [one(asTime(starts))].filter(overlaps);
  const rule = rrulestr(event.repeat, { dtstart: new Date(asTime(starts)) });
  const since = new Date(asTime(from) - length - DAY);
  const until = new Date(asTime(to) + DAY);
  return rule
    .between(since, until, true)
    .map((d) => one(d.getTime()))
    .filter(overlaps);
}
