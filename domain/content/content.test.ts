// The seed content in content/: complete in seven languages, true to its own rules, and loadable twice
// without change.
import { describe, expect, it } from "vitest";
import { readContent } from "./files.ts";
import { checkContent, creditsToConfirm, distanceKm, pictureUses } from "./checks.ts";
import { glossaryProblems, readGlossary } from "./glossary.ts";
import { readMediaManifest } from "./media-manifest.ts";
import { existsSync } from "node:fs";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { join } from "node:path";

const content = readContent("content");

describe("seed content", () => {
  it("passes every content check (languages, scripts, untranslated text, coordinates, slugs, lengths)", () => {
    expect(checkContent(content, { complete: true })).toEqual([]);
  });
  it("spells each place one way per language, as content/glossary/ says", () => {
    expect(Object.keys(readGlossary("content")).length).toBe(7);
    expect(glossaryProblems(content, readGlossary("content"))).toEqual([]);
  });
  it("states what is known of the places the conflict damaged, and files every place under its governorate", () => {
    const bySlug = new Map([...content.places, ...content.services].map((p) => [p.slug, p]));
    expect(bySlug.get("temple-of-bel")?.status?.state).toBe("destroyed");
    expect(bySlug.get("great-mosque-of-aleppo")?.status?.note?.en).toMatch(/minaret/);
    expect(bySlug.get("qasr-al-hayr-al-sharqi")?.governorate).toBe("homs");
    for (const p of content.places.filter((x) => x.unesco)) expect(p.inDangerSince, p.slug).toBe(2013);
    // Nobody has verified an opening hour or a fee: none is stated.
    for (const p of bySlug.values())
      expect([p.practical?.hours, p.practical?.feeForeign, p.practical?.feeSyrian], p.slug).toEqual([undefined, undefined, undefined]);
  });
  it("has the trip-planning guide's ten pages, each reviewed and with an official source", () => {
    expect(content.guide.map((g) => g.slug)).toEqual([
      "entry-and-visas",
      "money",
      "getting-around",
      "phones-and-internet",
      "health-and-emergencies",
      "safety-and-advisories",
      "etiquette-and-dress",
      "seasons-and-climate",
      "ramadan-and-holidays",
      "accessibility",
    ]);
    for (const g of content.guide) expect(g.sources.length, g.slug).toBeGreaterThan(0);
  });
  it("has the entities the site promises", () => {
    expect(content.languages.map((l) => [l.id, l.code])).toEqual([
      [1, "en"],
      [2, "ar"],
      [3, "fr"],
      [4, "es"],
      [5, "it"],
      [6, "tr"],
      [7, "zh"],
    ]);
    expect(new Set(content.categories.map((c) => c.kind))).toEqual(new Set([1, 2, 3, 4]));
    expect(content.cities.length).toBeGreaterThanOrEqual(12);
    expect(content.places.filter((p) => p.kind === "site").length).toBeGreaterThanOrEqual(60);
    expect(content.places.filter((p) => p.kind === "culture").length).toBeGreaterThanOrEqual(20);
    expect(content.experiences.length).toBeGreaterThanOrEqual(12);
    expect(content.places.filter((p) => p.featured).length + content.services.filter((p) => p.featured).length).toBeGreaterThanOrEqual(8);
    expect(content.gallery).toHaveLength(9);
    expect(content.services.some((s) => s.star !== null)).toBe(true);
  });
  it("includes every UNESCO World Heritage property of Syria", () => {
    const slugs = new Set(content.places.filter((p) => p.unesco).map((p) => p.slug));
    for (const s of [
      "ancient-city-of-damascus",
      "bosra-ancient-city",
      "palmyra",
      "ancient-city-of-aleppo",
      "krak-des-chevaliers",
      "citadel-of-salah-ed-din",
      "serjilla",
    ])
      expect(slugs, s).toContain(s);
  });
  it("places every site inside Syria and within its city's area", () => {
    const cities = new Map(content.cities.map((c) => [c.slug, c]));
    for (const p of [...content.places, ...content.services]) {
      const city = cities.get(p.city)!;
      expect(distanceKm(p.coordinates, city.centre), p.slug).toBeLessThanOrEqual(city.radiusKm);
    }
  });
  it("knows Palmyra by its other names in other scripts", () => {
    const palmyra = content.places.find((p) => p.slug === "palmyra")!;
    for (const alias of ["Tadmur", "Palmyre", "تدمر", "帕尔米拉"]) expect(palmyra.aliases).toContain(alias);
  });
  it("has the ministry's nine photographs, each file in the library folder, shown on their places with their credits", () => {
    expect(content.pictures).toHaveLength(9);
    for (const p of content.pictures) {
      expect(existsSync(join("content/media/library", p.file)), p.file).toBe(true);
      expect(p.credit.trim(), p.slug).not.toBe("");
    }
    const bySlug = new Map(content.pictures.map((p) => [p.slug, p]));
    expect(
      ["palmyra-roman-theatre", "palmyra-temple-of-baalshamin", "aleppo-citadel"].map((slug) => {
        const { credit, licence, source } = bySlug.get(slug)!;
        return { slug, credit, licence, source };
      }),
    ).toEqual([
      {
        slug: "palmyra-roman-theatre",
        credit: "Jerzy Strzelecki",
        licence: "CC-BY-SA-3.0",
        source: "https://commons.wikimedia.org/w/index.php?curid=3278593",
      },
      {
        slug: "palmyra-temple-of-baalshamin",
        credit: "Bernard Gagnon",
        licence: "CC-BY-SA-3.0",
        source: "https://commons.wikimedia.org/w/index.php?curid=12213877",
      },
      {
        slug: "aleppo-citadel",
        credit: "Memorino",
        licence: "CC-BY-SA-3.0",
        source: "https://commons.wikimedia.org/wiki/File:Citadel_of_Aleppo.jpg",
      },
    ]);
    // The Palmyra pair are archival: their alt text and caption say so, and what happened since, in every language.
    for (const slug of ["palmyra-roman-theatre", "palmyra-temple-of-baalshamin"])
      for (const l of LANGUAGE_CODES) {
        const { alt, caption } = bySlug.get(slug)!;
        expect(alt[l], `${slug} alt ${l}`).toContain("2015");
        expect(caption[l], `${slug} caption ${l}`).toMatch(slug === "palmyra-roman-theatre" ? /2015.*2017/ : /2015.*2015/);
      }
    const uses = pictureUses(content).filter((u) => bySlug.has(u.picture));
    expect(uses).toEqual(
      expect.arrayContaining([
        { picture: "palmyra-roman-theatre", type: "site", slug: "palmyra-theatre-great-colonnade", field: "images.0.picture" },
        { picture: "palmyra-temple-of-baalshamin", type: "site", slug: "palmyra", field: "images.1.picture" },
        { picture: "aleppo-citadel", type: "site", slug: "citadel-of-aleppo", field: "images.0.picture" },
      ]),
    );
    // Every photograph is shown somewhere.
    for (const p of content.pictures)
      expect(
        uses.some((u) => u.picture === p.slug),
        p.slug,
      ).toBe(true);
  });
  it("lists the Aleppo photograph, and only it, among the credits to confirm before launch", () => {
    expect(creditsToConfirm(content)).toEqual([
      {
        type: "picture",
        slug: "aleppo-citadel",
        credit: "Memorino",
        licence: "CC-BY-SA-3.0",
        toConfirm: expect.stringMatching(/Memorino.*2\.5 or 3\.0.*Commons/),
      },
    ]);
  });
  it("references only media files that exist, and sign videos only with their files", () => {
    const manifest = readMediaManifest("content/media.yaml");
    const slugs = new Set([...content.places, ...content.services].map((p) => p.slug));
    for (const [slug, entries] of Object.entries(manifest)) {
      expect(slugs, slug).toContain(slug);
      for (const e of entries) {
        const files = [e.src, ...(e.kind === "video" ? [e.details.poster, ...Object.values(e.details.captions)] : [])].filter(
          (f): f is string => !!f && f.startsWith("/media/static/"),
        );
        for (const f of files) expect(existsSync(join("content/media/static", f.replace("/media/static/", ""))), f).toBe(true);
      }
    }
  });
});
