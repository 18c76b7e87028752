// The translation status of every translated field: missing, done, or outdated once the English text has
// changed since the translation was made. A translation remembers a short hash of the English text it was
// made from (`translated_from`, per "field.language"); no hash means it came with the seed or a load, where
// every text is taken as matching its English.
import { createHash } from "node:crypto";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";

export type TranslationState = "missing" | "done" | "outdated";
export type FieldText = Partial<Record<LanguageCode, string>>;
export type Stamps = Record<string, string>;

export function sourceHash(english: string): string {
  return createHash("sha256").update(english).digest("base64url").slice(0, 16);
}

function isText(value: unknown): value is FieldText & { en: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { en?: unknown }).en === "string" &&
    Object.keys(value).every((k) => (LANGUAGE_CODES as readonly string[]).includes(k))
  );
}

/** Every translated text in a document's body, by its path ("name", "images.0.caption"). */
export function translatedTexts(body: unknown, path = ""): Array<{ path: string; text: FieldText & { en: string } }> {
  if (isText(body)) return [{ path, text: body }];
  if (typeof body !== "object" || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) => translatedTexts(value, path ? `${path}.${key}` : key));
}

/**
 * The stamps after a save. A translation that changed is stamped with the English it now sits beside. When
 * the English changes, an unstamped translation (from the seed) is stamped with the old English, so it shows
 * as outdated until someone looks at it.
 */
export function restamp(before: unknown, after: unknown, stamps: Stamps): Stamps {
  const old = new Map(translatedTexts(before).map((t) => [t.path, t.text]));
  const next: Stamps = {};
  for (const { path, text } of translatedTexts(after)) {
    const previous = old.get(path);
    for (const language of LANGUAGE_CODES) {
      if (language === "en" || text[language] === undefined) continue;
      const key = `${path}.${language}`;
      if (previous?.[language] !== text[language]) next[key] = sourceHash(text.en);
      else if (stamps[key]) next[key] = stamps[key];
      else if (previous && previous.en !== text.en) next[key] = sourceHash(previous.en);
    }
  }
  return next;
}

/** The state of each field's translation into `language`. */
export function translationStates(body: unknown, stamps: Stamps, language: LanguageCode): Array<{ path: string; state: TranslationState }> {
  return translatedTexts(body).map(({ path, text }) => {
    const value = text[language];
    if (value === undefined || value.trim() === "") return { path, state: "missing" };
    const stamp = stamps[`${path}.${language}`];
    return { path, state: language !== "en" && stamp && stamp !== sourceHash(text.en) ? "outdated" : "done" };
  });
}

/** One state for a whole item in one language: missing beats outdated beats done. */
export function itemState(states: Array<{ state: TranslationState }>): TranslationState {
  if (states.some((s) => s.state === "missing")) return "missing";
  if (states.some((s) => s.state === "outdated")) return "outdated";
  return "done";
}
