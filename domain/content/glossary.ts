// One spelling per place name in each language: content/glossary/<language>.yaml lists the spelling to use and
// the variants that must not appear in that language's texts, and `content:check` reports each one found.
// Aliases are left alone: they hold the other spellings on purpose, so that search finds them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { documentsFromFiles } from "./documents.ts";
import type { ContentFiles } from "./files.ts";

export const glossaryFile = z.array(
  z
    .object({
      use: z.string().trim().min(1),
      not: z.array(z.string().trim().min(1)).min(1),
    })
    .strict(),
);
export type Glossary = Partial<Record<LanguageCode, z.infer<typeof glossaryFile>>>;

/** The glossary files of a content folder (a language without one has no entries). */
export function readGlossary(dir: string): Glossary {
  const glossary: Glossary = {};
  for (const language of LANGUAGE_CODES) {
    const path = join(dir, "glossary", `${language}.yaml`);
    if (existsSync(path)) glossary[language] = glossaryFile.parse(parse(readFileSync(path, "utf8")) ?? []);
  }
  return glossary;
}

/** A variant as a whole word (letters on neither side), or anywhere in a text written without spaces. */
function finder(variant: string, language: LanguageCode): RegExp {
  const escaped = variant.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return language === "zh" ? new RegExp(escaped, "u") : new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, "u");
}

const isTranslated = (value: object): value is Record<string, string> =>
  "en" in value && Object.keys(value).every((k) => (LANGUAGE_CODES as readonly string[]).includes(k));

/** Every variant found: "site/palmyra information.es: "Crac de los Caballeros" (use "Krak de los Caballeros")". */
export function glossaryProblems(files: ContentFiles, glossary: Glossary): string[] {
  const problems: string[] = [];
  const rules = LANGUAGE_CODES.flatMap((language) =>
    (glossary[language] ?? []).flatMap((entry) =>
      entry.not.map((variant) => ({ language, variant, use: entry.use, find: finder(variant, language) })),
    ),
  );
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
