import { describe, expect, it } from "vitest";
import { equivalents, normalize, phoneticKey, stripArabicArticle, tokenize } from "./normalize.ts";

const words = (text: string) => tokenize(text).map((p) => p[0]);

describe("normalize", () => {
  it("folds case and accents in the Latin languages", () => {
    expect(normalize("Château de Saône")).toBe("chateau de saone");
    expect(normalize("Ciudadela de Alepo, Nuestra Señora")).toBe("ciudadela de alepo, nuestra senora");
    expect(normalize("Città, Straße, Œuvre, Ørsted")).toBe("citta, strasse, oeuvre, orsted");
  });

  it("treats Turkish dotted and dotless i alike, in either case", () => {
    expect(normalize("İSTANBUL Işık ılık")).toBe("istanbul isik ilik");
    expect(normalize("HALEP KALESİ")).toBe(normalize("halep kalesı"));
    expect(normalize("Şövalyeler Çarşısı Doğru")).toBe("sovalyeler carsisi dogru");
  });

  it("folds the hamza and madda forms of alef to a bare alef", () => {
    expect(normalize("أ إ آ ٱ")).toBe("ا ا ا ا");
    expect(normalize("الجامع الأموي")).toBe(normalize("الجامع الاموي"));
    expect(normalize("إيبلا")).toBe(normalize("ايبلا"));
  });

  it("folds ta marbuta to ha and alef maqsura to ya", () => {
    expect(normalize("قلعة حلب")).toBe("قلعه حلب");
    expect(normalize("بصرى")).toBe("بصري");
    expect(normalize("حماة")).toBe(normalize("حماه"));
  });

  it("removes diacritics, tatweel and a lone hamza", () => {
    expect(normalize("الجامعُ الأمويّ")).toBe("الجامع الاموي");
    expect(normalize("حـــلب")).toBe("حلب");
    expect(normalize("شاطئ")).toBe("شاطي");
    expect(normalize("سماء")).toBe("سما");
  });

  it("reads Arabic-Indic digits, full-width letters and Persian letter shapes", () => {
    expect(normalize("٢٠٢٣ ۱۹۸۰")).toBe("2023 1980");
    expect(normalize("Ｐａｌｍｙｒａ")).toBe("palmyra");
    expect(normalize("کسب")).toBe("كسب");
  });

  it("maps traditional Chinese characters of place names to simplified ones", () => {
    expect(normalize("大馬士革")).toBe("大马士革");
    expect(normalize("帕爾米拉")).toBe("帕尔米拉");
  });
});

describe("tokenize", () => {
  it("drops the Arabic article, also when fused with a preposition", () => {
    expect(words("الشام")).toEqual(["شام"]);
    expect(words("بالشام والقلعة")).toEqual(["شام", "قلعه"]);
    expect(words("للثقافة")).toEqual(["ثقافه"]);
    // Too short to be article + word: kept as it is.
    expect(stripArabicArticle("الي")).toBe("الي");
  });

  it("splits Chinese runs into overlapping bigrams and keeps a lone character", () => {
    expect(words("大马士革")).toEqual(["大马", "马士", "士革"]);
    expect(words("堡")).toEqual(["堡"]);
    expect(words("城堡 阿勒颇")).toEqual(["城堡", "阿勒", "勒颇"]);
  });

  it("drops elided French and Italian articles", () => {
    expect(words("Citadelle d'Alep")).toEqual(["citadelle", "alep"]);
    expect(words("Apamea sull’Oronte")).toEqual(["apamea", "oronte"]);
  });

  it("joins transliterated ʿayn and hamza, and also keeps a word before a Turkish suffix", () => {
    expect(tokenize("Qal'at Sim'an")).toEqual([
      ["qalat", "qal"],
      ["siman", "sim"],
    ]);
    expect(tokenize("Ma'loula")).toEqual([["maloula"]]);
    expect(tokenize("Halep'in")).toEqual([["halepin", "halep"]]);
  });

  it("gives a word after a romanised Arabic article a joined form", () => {
    expect(tokenize("Al-Bara")).toEqual([["al"], ["bara", "albara"]]);
    expect(tokenize("Deir ez-Zor")).toEqual([["deir"], ["ez"], ["zor", "ezzor"]]);
  });

  it("answers nothing for punctuation or blank text", () => {
    expect(tokenize("  ,.;  ")).toEqual([]);
  });
});

describe("phoneticKey", () => {
  it("gives Latin transliterations and the Arabic spelling the same consonant key", () => {
    for (const w of ["halab", "haleb", "halep", "حلب"]) expect(phoneticKey(normalize(w))).toBe("hlb");
    for (const w of ["tadmur", "tadmor", "tedmür", "تدمر"]) expect(phoneticKey(normalize(w))).toBe("tdmr");
    for (const w of ["dimashq", "دمشق"]) expect(phoneticKey(normalize(w))).toBe("dmsk");
    for (const w of ["ugarit", "ugharit", "اوغاريت"]) expect(phoneticKey(normalize(w))).toBe("jrt");
    expect(phoneticKey("mosk")).toBe(phoneticKey("mosque"));
  });

  it("has no key for words too short to tell apart", () => {
    expect(phoneticKey("alep")).toBe("");
    expect(phoneticKey("bel")).toBe("");
    expect(phoneticKey("大马")).toBe("");
  });
});

describe("equivalents", () => {
  it("links generic words across languages and spellings", () => {
    expect(equivalents("castle")).toContain("citadel");
    expect(equivalents("kale")).toContain("kalesi");
    expect(equivalents("قلعه")).toContain("castle");
    expect(equivalents("palmyra")).toEqual([]);
  });
});
