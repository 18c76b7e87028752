// The real photographs carry their credit where a visitor sees them: on the home page's hero, under a site's
// cover and under a city's photograph, on a phone and a desktop, in English and in Arabic. Each credit is
// on screen (nothing covers it), names the author, and links the licence. The app's media call gives the
// same photographs with their caption and credit, and never a note of what is still to confirm.
import { describe, expect, it } from "vitest";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { sitePath } from "../../app/lib/paths.ts";
import { localePath } from "../../shared/paths.ts";
import { placeIds } from "./server-data.ts";
import { readContent } from "../../domain/content/files.ts";

const BY_SA_3 = "https://creativecommons.org/licenses/by-sa/3.0/";
const pictures = new Map(readContent("content").pictures.map((p) => [p.slug, p]));
/** The three photographs of the ministry's second set, each with the place that shows it and where. */
const SECOND_SET = [
  { picture: "aleppo-citadel", place: "citadel-of-aleppo", author: "Memorino", where: "cover" },
  { picture: "palmyra-roman-theatre", place: "palmyra-theatre-great-colonnade", author: "Jerzy Strzelecki", where: "cover" },
  { picture: "palmyra-temple-of-baalshamin", place: "palmyra", author: "Bernard Gagnon", where: "gallery" },
] as const;

describe("the app's media call", () => {
  it.each([
    ["en", 1],
    ["ar", 2],
  ] as const)("gives the three photographs of the second set in %s with their texts and credits", async (language, languageId) => {
    for (const { picture, place, author } of SECOND_SET) {
      const ids = await placeIds(place);
      const res = await fetch(
        `${baseURL()}/back/api/user/media1/media/place/${ids.id}/city/${ids.city_id}/category/${ids.category_id}/language/${languageId}`,
      );
      expect(res.status).toBe(200);
      const text = await res.text();
      const media = (JSON.parse(text) as { data: Array<Record<string, any>> }).data;
      const photo = media.find((m) => m.med_type === 1 && m.credit?.author === author);
      const { caption, source, toConfirm } = pictures.get(picture)!;
      expect(photo, `${place} in ${language}`).toBeDefined();
      expect(photo!.med_name).toBe(caption[language]);
      // The page's size, or the largest made from a smaller photograph (the Palmyra pair are 832 px wide).
      expect(photo!.med_content).toMatch(new RegExp(`/media/lib/img/${picture}\\.[0-9a-f]{12}\\.(480|960)\\.webp$`));
      expect(photo!.credit).toEqual({ author, licence: "CC BY-SA 3.0", licence_url: BY_SA_3, source });
      if (toConfirm) expect(text).not.toContain(toConfirm);
    }
  });
});

describe.each([
  ["en", 375],
  ["en", 1280],
  ["ar", 375],
  ["ar", 1280],
] as const)("photograph credits in %s at %i px", (language, width) => {
  const { open } = useBrowser();

  it("shows the author and the licence of the hero, a site's cover and a city's photograph", async () => {
    const krak = await placeIds("krak-des-chevaliers");
    const mosque = await placeIds("umayyad-mosque");
    for (const [path, selector, author, licence] of [
      ["/", ".hero .photo-credit", "Bernard Gagnon", "https://creativecommons.org/licenses/by-sa/3.0/"],
      [
        sitePath.place(krak.category_id, krak.city_id, krak.id),
        ".site-cover .photo-credit",
        "Vyacheslav Argenberg",
        "https://creativecommons.org/licenses/by/4.0/",
      ],
      [
        sitePath.cityPlaces(mosque.category_id, mosque.city_id),
        ".city-photo .photo-credit",
        "Bernard Gagnon",
        "https://creativecommons.org/licenses/by-sa/3.0/",
      ],
    ] as const) {
      const page = await open(localePath(language, path), { width });
      const credit = page.locator(selector);
      await credit.scrollIntoViewIfNeeded();
      await expectOnScreen(credit);
      expect(await credit.textContent(), path).toContain(author);
      const link = credit.locator('a[rel~="license"]');
      await expectOnScreen(link);
      expect(await link.getAttribute("href")).toBe(licence);
    }
  });

  it("shows the Citadel of Aleppo's and the theatre's photographs as covers, and the Temple of Baalshamin in Palmyra's pictures, credited", async () => {
    for (const { picture, place, author, where } of SECOND_SET) {
      const ids = await placeIds(place);
      const site = sitePath.place(ids.category_id, ids.city_id, ids.id);
      const { caption, alt, source } = pictures.get(picture)!;
      const page = await open(localePath(language, where === "cover" ? site : `${site}/images`), { width });
      const figure =
        where === "cover" ? page.locator(".site-cover") : page.locator(".image-grid figure").filter({ hasText: caption[language] });
      expect(await figure.count(), `${picture} on ${place}`).toBe(1);
      // The picture is the photograph: its variants from the library and, in the gallery, its alt text.
      expect(await figure.locator("img").getAttribute("src")).toMatch(new RegExp(`^/media/lib/img/${picture}\\.`));
      if (where === "gallery") expect(await figure.locator("img").getAttribute("alt")).toBe(alt[language]);
      const credit = figure.locator(".photo-credit");
      await credit.scrollIntoViewIfNeeded();
      await expectOnScreen(credit);
      expect(await credit.textContent(), picture).toContain(author);
      const link = credit.locator('a[rel~="license"]');
      await expectOnScreen(link);
      expect(await link.getAttribute("href")).toBe(BY_SA_3);
      expect(await credit.locator('a:not([rel~="license"])').getAttribute("href")).toBe(source);
    }
  });
});
