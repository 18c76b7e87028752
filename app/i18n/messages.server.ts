// The interface texts of each language, read on the server (also by server/open-data.ts, run by Node as it is,
// hence the explicit extensions); a page receives only its own language's texts.
import type { LanguageCode } from "../../shared/languages.ts";
import en from "./locales/en.json" with { type: "json" };
import ar from "./locales/ar.json" with { type: "json" };
import fr from "./locales/fr.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import it from "./locales/it.json" with { type: "json" };
import tr from "./locales/tr.json" with { type: "json" };
import zh from "./locales/zh.json" with { type: "json" };

export type Messages = typeof en;
const ALL: Record<LanguageCode, Messages> = { en, ar, fr, es, it, tr, zh } as Record<LanguageCode, Messages>;

export function messagesFor(language: LanguageCode): Messages {
  return ALL[language];
}
