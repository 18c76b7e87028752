// One spelling per place name in each language: content/glossary/<language>.yaml lists the spelling to use and
// the variants that must not appear in that language's texts, and `content:check` reports each one found.
// A few spelling rules that are not names (STYLE_RULES, below) are checked the same way, whatever the files say.
// Aliases are left alone: they hold the other spellings on purpose, so that search finds them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { documentsFromFiles } from "./documents.ts";
import type { ContentFiles } from "./files.ts";

const glossaryFile = z.array(
  z
    .object({
      use: z.string().trim().min(1),
      not: z.array(z.string().trim().min(1)).min(1),
    })
    .strict(),
);
type Glossary = Partial<Record<LanguageCode, z.infer<typeof glossaryFile>>>;

/** The glossary files of a content folder (a language without one has no entries). */
export function readGlossary(dir: string): Glossary {
  const glossary: Glossary = {};
  for (const language of LANGUAGE_CODES) {
    const path = join(dir, "glossary", `${language}.yaml`);
    if (existsSync(path)) glossary[language] = glossaryFile.parse(parse(readFileSync(path, "utf8")) ?? []);
  }
  return glossary;
}

/**
 * A variant as a whole word (letters on neither side), or anywhere in a text written without spaces. Arabic joins
 * the one-letter words و ف ب ك ل to the word that follows ("بسوريا", "وسوريا"), so there a variant may follow them.
 */
function finder(variant: string, language: LanguageCode): RegExp {
  const escaped = variant.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (language === "zh") return new RegExp(escaped, "u");
  const joined = language === "ar" ? "[وفبكل]{0,2}" : "";
  return new RegExp(`(?<!\\p{L})${joined}${escaped}(?!\\p{L})`, "u");
}

type Rule = { language: LanguageCode; variant: string; use: string; find: RegExp };

/**
 * Spelling rules that are not about one name, so they live here rather than in a glossary file. Each keeps one
 * language's texts to one form where two are in use; the content is written in the form `use` names.
 */
const STYLE_RULES: readonly Rule[] = [
  // Tanwin al-fath before a final alif: modern typesetting puts it on the letter before the alif (كثيرًا), the
  // older habit on the alif itself (كثيراً). One text must not mix the two, so the older form is refused.
  { language: "ar", variant: "ـاً", use: "ـًا", find: /اً/u },
];

const isTranslated = (value: object): value is Record<string, string> =>
  "en" in value && Object.keys(value).every((k) => (LANGUAGE_CODES as readonly string[]).includes(k));

/**
 * Every variant found, of a glossary's names and of the style rules:
 * "site/palmyra information.es: "Crac de los Caballeros" (use "Krak de los Caballeros")".
 */
export function glossaryProblems(files: ContentFiles, glossary: Glossary): string[] {
  const problems: string[] = [];
  const names: Rule[] = LANGUAGE_CODES.flatMap((language) =>
    (glossary[language] ?? []).flatMap((entry) =>
      entry.not.map((variant) => ({ language, variant, use: entry.use, find: finder(variant, language) })),
    ),
  );
  const rules = [...names, ...STYLE_RULES];
  function walk(value: unknown, path: string, where: string) {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${path}.${i}`, where);
      return;
    }
    if (isTranslated(value)) {
      for (const rule of rules) {
        const text = value[rule.language];
        if (typeof text === "string" && rule.find.test(text))
          problems.push(`${where} ${path.slice(1)}.${rule.language}: "${rule.variant}" (use "${rule.use}")`);
      }
      return;
    }
    for (const [key, child] of Object.entries(value)) if (key !== "aliases") walk(child, `${path}.${key}`, where);
  }
  for (const doc of documentsFromFiles(files, {})) walk(doc.body, "", `${doc.type}/${doc.slug}`);
  return problems;
}
