// How the workspace writes times, language names and licences. Times are in Damascus time, the same on the
// server and in the browser (so the page hydrates without a mismatch), in the account's language; a language
// is named in its own words (Français, العربية). The formatters are made once per language, not per row.
import { LICENCES, type Licence } from "../../shared/licences";
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const names = new Map<string, string>();

export function formatTime(iso: string, language: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Damascus" });
    timeFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

export function languageName(code: string): string {
  let name = names.get(code);
  if (name === undefined) {
    name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
    names.set(code, name);
  }
  return name;
}

/** A licence as the workspace names it: its own name (CC BY 4.0), or in words when it has none (public domain). */
export function licenceName(id: string, t: (key: string) => string): string {
  return (Object.hasOwn(LICENCES, id) ? LICENCES[id as Licence].name : undefined) ?? t(`media.licences.${id}`);
}

/** Syria keeps UTC+3 all year (since 2022): a time typed in the workspace is Damascus time. */
const DAMASCUS_OFFSET = "+03:00";

/** A time typed in a datetime-local field (2026-12-01T09:30, seconds optional), as Damascus time; null when it is not one. */
export function damascusTime(typed: string): Date | null {
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(typed)
    ? new Date(`${typed.length === 16 ? `${typed}:00` : typed}${DAMASCUS_OFFSET}`)
    : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}
