// The translation status of every translated field: missing, done, or outdated once the English text has
// changed since the translation was made. A translation remembers a short hash of the English text it was
// made from (`translated_from`, per "field.language"); no hash means it came with the seed or a load, where
// every text is taken as matching its English.
import { createHash } from "node:crypto";
import { LANGUAGE_CODES, type LanguageCode } from "./languages.ts";

export type TranslationState = "missing" | "done" | "outdated";
type FieldText = Partial<Record<LanguageCode, string>>;
export type Stamps = Record<string, string>;

function sourceHash(english: string): string {
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

/** The state of one field's translation; `englishHash` is asked only when a stamp must be compared. */
function stateOf(
  path: string,
  text: FieldText & { en: string },
  stamps: Stamps,
  language: LanguageCode,
  englishHash: () => string,
): TranslationState {
  const value = text[language];
  if (value === undefined || value.trim() === "") return "missing";
  const stamp = stamps[`${path}.${language}`];
  return language !== "en" && stamp && stamp !== englishHash() ? "outdated" : "done";
}

/** The state of each field's translation into `language`. */
export function translationStates(body: unknown, stamps: Stamps, language: LanguageCode): Array<{ path: string; state: TranslationState }> {
  return translatedTexts(body).map(({ path, text }) => ({ path, state: stateOf(path, text, stamps, language, () => sourceHash(text.en)) }));
}

/**
 * The languages (other than English) in which a body has a field still to translate, and those with one whose
 * English has changed since: kept beside the body (migration 015) so the translations table filters by them
 * without reading every body.
 */
export function languagesToWork(body: unknown, stamps: Stamps): { missing: LanguageCode[]; outdated: LanguageCode[] } {
  const missing = new Set<LanguageCode>();
  const outdated = new Set<LanguageCode>();
  for (const { path, text } of translatedTexts(body)) {
    // Each English text hashed once for its six languages (a load writes this for every place).
    let hash: string | undefined;
    const englishHash = () => (hash ??= sourceHash(text.en));
    for (const language of LANGUAGE_CODES) {
      if (language === "en") continue;
      const state = stateOf(path, text, stamps, language, englishHash);
      if (state === "missing") missing.add(language);
      if (state === "outdated") outdated.add(language);
    }
  }
  return { missing: LANGUAGE_CODES.filter((l) => missing.has(l)), outdated: LANGUAGE_CODES.filter((l) => outdated.has(l)) };
}
