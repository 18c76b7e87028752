// The seven languages of the site. Ids are the ones the original API used (1..7) and the mobile app keeps.
export const LANGUAGE_CODES = ["en", "ar", "fr", "es", "it", "tr", "zh"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function directionOf(code: LanguageCode): "rtl" | "ltr" {
  return code === "ar" ? "rtl" : "ltr";
}
