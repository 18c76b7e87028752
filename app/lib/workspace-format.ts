// How the workspace writes times, language names and licences. Times are in Damascus time, the same on the
// server and in the browser (so the page hydrates without a mismatch), in the account's language; a language
// is named in its own words (Français, العربية). The formatters are made once per language, not per row.
import { LICENCES, type Licence } from "../../shared/licences";
import { DAMASCUS_ZONE } from "../../shared/damascus-time";
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const names = new Map<string, string>();

export function formatTime(iso: string, language: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: DAMASCUS_ZONE });
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
