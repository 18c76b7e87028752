// The language choice of SPEC.md section 4, kept in localStorage (never a cookie): code and id are saved,
// and the document's language and direction follow. The URL prefix is the source of truth for a page.
import { directionOf, isLanguageCode, type LanguageCode } from "../../shared/languages";

export type LanguageOption = { id: number; code: LanguageCode; name: string };

export const STORAGE = {
  language: "language",
  languageId: "language_id",
  categoryPlace: "category_place_id",
  cityPlace: "city_place_id",
} as const;

export function saveItem(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the site works without it.
  }
}

export function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Applies a language: saves code and id, and sets <html lang dir>. */
export function applyLanguage(l: LanguageOption) {
  saveItem(STORAGE.language, l.code);
  saveItem(STORAGE.languageId, String(l.id));
  document.documentElement.lang = l.code;
  document.documentElement.dir = directionOf(l.code);
}

/** Changing by numeric id applies that language; an unknown id is ignored. */
export function languageById(languages: LanguageOption[], id: number): LanguageOption | undefined {
  return languages.find((l) => l.id === id);
}

/** The saved language code, English when none or unknown. */
export function savedLanguage(): LanguageCode {
  const code = readItem(STORAGE.language);
  return isLanguageCode(code) ? code : "en";
}

/**
 * The script that runs in <head> before the first paint: an unprefixed (English) URL opened by a visitor
 * who chose another language moves to that language's URL; a prefixed URL becomes the saved choice.
 */
export function languageBootScript(languages: LanguageOption[]): string {
  const ids = Object.fromEntries(languages.map((l) => [l.code, l.id]));
  return (
    `(function(){try{var ids=${JSON.stringify(ids)},p=location.pathname,first=p.split("/")[1],s=localStorage;` +
    `if(first!=="en"&&ids[first]){s.setItem("language",first);s.setItem("language_id",String(ids[first]));return}` +
    `var saved=s.getItem("language");if(saved&&saved!=="en"&&ids[saved]){location.replace("/"+saved+(p==="/"?"":p)+location.search+location.hash)}}catch(e){}})();`
  );
}
