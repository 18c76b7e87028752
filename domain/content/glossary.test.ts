// The glossary check: a variant of a name is found in its language's texts, as a whole word, never in aliases.
import { describe, expect, it } from "vitest";
import { buildTestContent } from "../../tests/fixtures/factories.ts";
import { glossaryProblems } from "./glossary.ts";

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
});
