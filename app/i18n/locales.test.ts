// Every visible string exists in all seven languages, with the same placeholders, and is really translated.
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../../shared/languages";
import en from "./locales/en.json";
import ar from "./locales/ar.json";
import fr from "./locales/fr.json";
import es from "./locales/es.json";
import it_ from "./locales/it.json";
import tr from "./locales/tr.json";
import zh from "./locales/zh.json";
import { workspaceMessages } from "./workspace-messages";

type Tree = { [k: string]: string | Tree };
const LOCALES: Record<string, Tree> = { en, ar, fr, es, it: it_, tr, zh };
const flat = (o: Tree, prefix = ""): Array<[string, string]> =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(",");
// Product and brand names are the same in every language.
const SAME_EVERYWHERE = new Set([
  "uploadApp.appStore",
  "uploadApp.googlePlay",
  "footer.networks.facebook",
  "footer.networks.instagram",
  "footer.networks.youtube",
  "footer.networks.x",
  "footer.networks.telegram",
]);

/** Every language has every key of English, with its placeholders, translated, in its own script. */
function checkTranslations(locales: Record<string, Tree>, sameEverywhere: Set<string>) {
  const english = new Map(flat(locales.en));
  it("has a file for each of the seven languages", () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGE_CODES].sort());
  });
  it.each(LANGUAGE_CODES.filter((c) => c !== "en"))("%s has every key, the same placeholders, and no English left", (code) => {
    const entries = new Map(flat(locales[code]));
    expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of entries) {
      expect(value.trim(), key).not.toBe("");
      expect(placeholders(value), key).toBe(placeholders(english.get(key)!));
      // A single word may be the same in two languages ("Destinations", "Culture"); a phrase may not.
      if (!sameEverywhere.has(key) && /\s/.test(english.get(key)!)) expect(value, `${key} is still English`).not.toBe(english.get(key));
    }
  });
  it("writes Arabic in Arabic script and Chinese in Han characters", () => {
    for (const [key, value] of flat(locales.ar)) if (!sameEverywhere.has(key)) expect(value, key).toMatch(/\p{Script=Arabic}/u);
    for (const [key, value] of flat(locales.zh))
      if (!sameEverywhere.has(key) && !/^\{\w+\}$/.test(value)) expect(value, key).toMatch(/\p{Script=Han}/u);
  });
}

describe("workspace interface texts", () => {
  const workspace = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, workspaceMessages(code) as unknown as Tree]));
  // The link to the workspace in another language names that language in its own words.
  checkTranslations(workspace, new Set(["otherLanguage.code", "otherLanguage.name"]));
});

describe("interface texts", () => {
  checkTranslations(LOCALES, SAME_EVERYWHERE);
  it("keeps the messages of SPEC.md in English word for word", () => {
    expect(en.contact.success).toBe("Your message has been sent successfully. We'll get back to you soon!");
    expect(en.contact.failure).toBe("There was an error sending your message. Please try again later.");
    expect(en.culture.error).toBe("Failed to load culture places");
    expect(en.virtualVisit.failed).toBe("Failed to load virtual tour. Please try again later.");
    expect(en.cityPlaces.empty).toBe("No tourism sites found for this location.");
    expect(en.search.noResults).toBe("No results found");
    expect(en.services.noStars).toBe("No stars available");
    expect(en.common.retrying).toBe("Retrying ({current}/{max})");
  });
});
