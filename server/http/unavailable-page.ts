// The page a browser gets while the database is unreachable: plain HTML in the visitor's language (from
// the URL prefix), with no script and no dependency on the database.
import { directionOf, type LanguageCode } from "../../shared/languages.ts";
import en from "../../app/i18n/locales/en.json" with { type: "json" };
import ar from "../../app/i18n/locales/ar.json" with { type: "json" };
import fr from "../../app/i18n/locales/fr.json" with { type: "json" };
import es from "../../app/i18n/locales/es.json" with { type: "json" };
import it from "../../app/i18n/locales/it.json" with { type: "json" };
import tr from "../../app/i18n/locales/tr.json" with { type: "json" };
import zh from "../../app/i18n/locales/zh.json" with { type: "json" };

const TEXTS: Record<LanguageCode, typeof en> = { en, ar, fr, es, it, tr, zh } as Record<LanguageCode, typeof en>;

export function unavailablePage(language: LanguageCode): string {
  const t = TEXTS[language];
  return (
    `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.notFound.unavailableTitle} | ${t.common.siteName}</title>` +
    `<style>body{font:1.1rem/1.6 system-ui,"Noto Sans","Noto Sans Arabic",sans-serif;background:#f5ecdc;color:#1f1a14;display:grid;place-items:center;min-block-size:100vh;margin:0;padding:1rem}main{max-inline-size:32rem}</style></head>` +
    `<body><main><h1>${t.notFound.unavailableTitle}</h1><p>${t.notFound.unavailableText}</p></main></body></html>`
  );
}
