// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage, languageBootScript, languageById, savedLanguage, type LanguageOption } from "./language";
import { localePath, splitLanguage } from "./paths";

const LANGUAGES: LanguageOption[] = [
  { id: 1, code: "en", name: "English" },
  { id: 2, code: "ar", name: "العربية" },
  { id: 3, code: "fr", name: "Français" },
];

describe("language choice", () => {
  beforeEach(() => localStorage.clear());
  it("defaults to English and ignores an unknown saved code", () => {
    expect(savedLanguage()).toBe("en");
    localStorage.setItem("language", "xx");
    expect(savedLanguage()).toBe("en");
  });
  it("saves code and id and sets direction rtl for Arabic only", () => {
    applyLanguage(LANGUAGES[1]);
    expect([localStorage.getItem("language"), localStorage.getItem("language_id")]).toEqual(["ar", "2"]);
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(["ar", "rtl"]);
    applyLanguage(LANGUAGES[2]);
    expect(document.documentElement.dir).toBe("ltr");
  });
  it("changes by numeric id and ignores an unknown id", () => {
    expect(languageById(LANGUAGES, 3)?.code).toBe("fr");
    expect(languageById(LANGUAGES, 99)).toBeUndefined();
  });
  it("builds per-language URLs: English unprefixed", () => {
    expect(localePath("en", "/culture")).toBe("/culture");
    expect(localePath("ar", "/")).toBe("/ar");
    expect(localePath("zh", "/cities/1")).toBe("/zh/cities/1");
    expect(splitLanguage("/ar/cities/1")).toEqual({ language: "ar", path: "/cities/1" });
    expect(splitLanguage("/en/x")).toEqual({ language: "en", path: "/en/x" });
  });
  it("boot script: a saved language moves an unprefixed URL, a prefix becomes the saved choice", () => {
    const script = languageBootScript(LANGUAGES);
    const run = (path: string) => {
      let replaced: string | null = null;
      const location = {
        pathname: path,
        search: "",
        hash: "",
        replace: (u: string) => {
          replaced = u;
        },
      };
      new Function("location", "localStorage", script)(location, localStorage);
      return replaced;
    };
    localStorage.setItem("language", "ar");
    expect(run("/culture")).toBe("/ar/culture");
    expect(run("/")).toBe("/ar");
    expect(run("/fr/about")).toBeNull();
    expect(localStorage.getItem("language")).toBe("fr");
    expect(localStorage.getItem("language_id")).toBe("3");
    localStorage.setItem("language", "en");
    expect(run("/culture")).toBeNull();
  });
});
