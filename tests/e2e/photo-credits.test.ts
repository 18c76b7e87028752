// The real photographs carry their credit where a visitor sees them: on the home page's hero, under a site's
// cover and under a city's photograph, on a phone and a desktop, in English and in Arabic. Each credit is
// on screen (nothing covers it), names the author, and links the licence.
import { describe, expect, it } from "vitest";
import { expectOnScreen, useBrowser } from "./browser.ts";
import { sitePath } from "../../app/lib/paths.ts";
import { localePath } from "../../shared/paths.ts";
import { placeIds } from "./server-data.ts";

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
        sitePath.citySites(mosque.category_id, mosque.city_id),
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
});
