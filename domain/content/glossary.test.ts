// The glossary check: a variant of a name is found in its language's texts, as a whole word, never in aliases; and
// the style rules that are not names (Arabic's tanwin) are checked whatever the glossary.
import { describe, expect, it } from "vitest";
import { buildTestContent } from "../../tests/fixtures/factories.ts";
import { glossaryProblems, readGlossary } from "./glossary.ts";

/** The test content, with one summary of the Azm Palace written anew in one language. */
function withSummary(language: "ar" | "zh", text: string) {
  const content = buildTestContent();
  const palace = content.places.find((p) => p.slug === "azm-palace");
  if (!palace) throw new Error("the test content has no Azm Palace");
  palace.summary = { ...palace.summary, [language]: text };
  return content;
}

describe("glossary", () => {
  const content = buildTestContent();

  it("reports a variant in its language, with the item, the field and the spelling to use", () => {
    // The name, and the address, summary and information the test content writes with it.
    expect(glossaryProblems(content, { es: [{ use: "Palacio Azem", not: ["Palacio Azm"] }] })).toEqual(
      ["address", "summary", "information", "name"].map((field) => `culture/azm-palace ${field}.es: "Palacio Azm" (use "Palacio Azem")`),
    );
  });
  it("looks only at that language's texts, and only at whole words", () => {
    // "Azm" is in the English name, not the French; "Azm Sar" is not a whole word of "Azm Sarayı".
    expect(glossaryProblems(content, { fr: [{ use: "Azem", not: ["Azm"] }], tr: [{ use: "Azem", not: ["Azm Sar"] }] })).toEqual([]);
  });
  it("leaves aliases alone: they hold the other spellings on purpose", () => {
    expect(glossaryProblems(content, { en: [{ use: "Great Mosque", not: ["Great Mosque of Damascus"] }] })).toEqual([]);
  });
  it("finds a variant inside Chinese text, which has no spaces between words", () => {
    expect(glossaryProblems(content, { zh: [{ use: "阿泽姆宫", not: ["阿兹姆宫"] }] })).toContain(
      'culture/azm-palace name.zh: "阿兹姆宫" (use "阿泽姆宫")',
    );
  });
  it("finds an Arabic variant after the one-letter words Arabic joins to it (و ف ب ك ل)", () => {
    // The summary has it only after ل ("لسوريا"); the test content's addresses also write it alone.
    const content = withSummary("ar", "من أجمل ما بقي لسوريا من قصور العهد العثماني.");
    expect(glossaryProblems(content, { ar: [{ use: "سورية", not: ["سوريا"] }] })).toContain(
      'culture/azm-palace summary.ar: "سوريا" (use "سورية")',
    );
  });
  it("refuses the tanwin written on the alif in Arabic, whatever the glossary, and accepts it on the letter before", () => {
    expect(glossaryProblems(withSummary("ar", "بُني القصر سكناً لوالي دمشق."), {})).toEqual([
      'culture/azm-palace summary.ar: "ـاً" (use "ـًا")',
    ]);
    expect(glossaryProblems(withSummary("ar", "بُني القصر سكنًا لوالي دمشق."), {})).toEqual([]);
  });
  it("holds, in content/glossary/, the one spelling of Syria in Arabic and of Ebla and Dura-Europos in Chinese", () => {
    const glossary = readGlossary("content");
    const arabic = glossaryProblems(withSummary("ar", "من أعرق قصور دمشق في سوريا."), glossary);
    expect(arabic).toContain('culture/azm-palace summary.ar: "سوريا" (use "سورية")');
    const chinese = glossaryProblems(withSummary("zh", "馆藏来自埃布拉和杜拉欧罗普斯。"), glossary);
    expect(chinese).toEqual(
      expect.arrayContaining([
        'culture/azm-palace summary.zh: "埃布拉" (use "埃卜拉")',
        'culture/azm-palace summary.zh: "杜拉欧罗普斯" (use "杜拉-欧罗普斯")',
      ]),
    );
  });
});
