// A drawn picture's alt text says that it is an illustration and what the drawing shows, in every language;
// it never repeats the caption written for a photograph that does not exist.
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { MOTIFS } from "../content/schema.ts";
import { illustrate, SKY_NAMES, skyOf } from "./illustrate.ts";
import { illustrationText } from "./illustration-text.ts";

const names = { en: "Palmyra", ar: "تدمر", fr: "Palmyre", es: "Palmira", it: "Palmira", tr: "Palmira", zh: "帕尔米拉" };
/** The top colour of each sky's gradient in illustrate(), in SKY_NAMES order. */
const SKY_TOP = ["#1d4e89", "#2a9fd6", "#3b1c5a", "#0f3057"];

describe("illustration text", () => {
  it("describes every motif in all seven languages, saying it is an illustration", () => {
    const marks = {
      en: "Illustration",
      ar: "رسم توضيحي",
      fr: "Illustration",
      es: "Ilustración",
      it: "Illustrazione",
      tr: "çizim",
      zh: "插画",
    };
    for (const motif of MOTIFS) {
      const text = illustrationText(motif, `palmyra-${motif}`, names);
      expect(Object.keys(text).sort()).toEqual([...LANGUAGE_CODES].sort());
      for (const language of LANGUAGE_CODES) {
        expect(text[language], `${motif} ${language}`).toContain(marks[language]);
        expect(text[language]).toContain(names[language]);
        expect(text[language]).not.toMatch(/undefined|\$\{/);
      }
    }
  });

  it("names the sky the picture is really drawn with", () => {
    const seen = new Set<string>();
    for (let i = 1; i <= 40; i++) {
      const seed = `place-${i}`;
      const sky = skyOf(seed);
      seen.add(sky);
      expect(illustrate("colonnade", seed)).toContain(`stop-color="${SKY_TOP[SKY_NAMES.indexOf(sky)]}"`);
      const en = illustrationText("colonnade", seed, names).en;
      expect(en).toContain({ golden: "gold", midday: "midday", dusk: "dusk", morning: "horizon" }[sky]);
    }
    expect(seen.size).toBe(SKY_NAMES.length);
  });

  it("draws the mosque with square minarets, as its text says", () => {
    const svg = illustrate("mosque", "umayyad-mosque-1");
    // Minaret shafts are rectangles capped by pyramids, not by small domes.
    expect(svg.match(/<path d="M\d+,268 L\d+,218/g)).toHaveLength(2);
    expect(illustrationText("mosque", "umayyad-mosque-1", names).en).toContain("two square minarets");
  });
});
