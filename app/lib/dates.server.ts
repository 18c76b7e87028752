// Dates as a page says them, formatted on the server so the browser shows (and hydrates) the same words.
// English is the site's British English; Arabic keeps the Western digits the rest of the site uses.
const locale = (language: string) => (language === "ar" ? "ar-SY-u-nu-latn" : language === "en" ? "en-GB" : language);

/** "March 2026", "آذار 2026", "2026年3月": the month of an ISO date in the page's language. */
export function monthYear(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language === "ar" ? "ar-SY-u-nu-latn" : language, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** "25 November 2026": an ISO date in the page's language. */
export function fullDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

// Intl.DurationFormat is in Node 24 (ES2025), which TypeScript's libraries do not describe yet.
type DurationFormatter = { format(duration: { hours: number; minutes: number }): string };
const { DurationFormat } = Intl as unknown as { DurationFormat: new (language: string, options: { style: "long" }) => DurationFormatter };

/** "2 hours, 30 minutes", "ساعتان و30 دقيقة": a time by road in the page's language. */
export function duration(minutes: number, language: string): string {
  return new DurationFormat(language, { style: "long" }).format({ hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** "13 September 2027", "13–15 September 2027", "13 September 2027, 18:00–23:00": one date of an event. */
export function eventDate(on: { start: string; end?: string; allDay: boolean }, language: string): string {
  const at = (wall: string) => new Date(wall.length === 10 ? `${wall}T00:00:00Z` : `${wall}:00Z`);
  const format = new Intl.DateTimeFormat(locale(language), {
    dateStyle: "long",
    ...(on.allDay ? {} : { timeStyle: "short" }),
    timeZone: "UTC",
  });
  return on.end && on.end !== on.start ? format.formatRange(at(on.start), at(on.end)) : format.format(at(on.start));
}
