// The interface texts of each language, read on the server; a page receives only its own language's texts.
import type { LanguageCode } from "../../shared/languages";
import en from "./locales/en.json";
import ar from "./locales/ar.json";
import fr from "./locales/fr.json";
import es from "./locales/es.json";
import it from "./locales/it.json";
import tr from "./locales/tr.json";
import zh from "./locales/zh.json";

export type Messages = typeof en;
const ALL: Record<LanguageCode, Messages> = { en, ar, fr, es, it, tr, zh } as Record<LanguageCode, Messages>;

export function messagesFor(language: LanguageCode): Messages {
  return ALL[language];
}
