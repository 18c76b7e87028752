import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { findPlace, placePath } from "./api-helpers.ts";

describe("home page", () => {
  const { open } = useBrowser();

  it.each([
    ["en", "/", "ltr", "Discover Syria"],
    ["ar", "/ar", "rtl", null],
  ])("renders every section in %s, server-side, in the right direction", async (lang, path, dir, title) => {
    const page = await open(path);
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await page.getAttribute("html", "dir")).toBe(dir);
    const h1 = await page.textContent("h1");
    if (title) expect(h1).toBe(title);
    else expect(h1).toMatch(/\p{Script=Arabic}/u);
    for (const id of ["home", "destinations", "experiences", "culture"]) expect(await page.locator(`#${id}`).count()).toBe(1);
    expect(await page.locator(".gallery-grid > li").count()).toBe(9);
    expect(await page.locator("[aria-labelledby=featured-title] .carousel-slide").count()).toBeGreaterThanOrEqual(8);
    expect(await page.locator("#culture .carousel-slide").count()).toBeGreaterThanOrEqual(10);
    expect(await page.locator(".store-badge").count()).toBe(2);
    // The explore button scrolls to the destinations anchor.
    await page.click(".hero .button");
    await page.waitForFunction(() => location.hash === "#destinations");
  });

  it("sends HTML with content before any script runs, and sets no cookie", async () => {
    const res = await fetch(`${baseURL()}/ar`);
    const html = await res.text();
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toMatch(/<h1[^>]*>[^<]*\p{Script=Arabic}/u);
    const page = await open("/");
    expect(await page.context().cookies()).toEqual([]);
  });

  it("gives search engines titles, canonical links, hreflang alternates and structured data", async () => {
    const page = await open("/fr");
    expect(await page.title()).toMatch(/Syrie/);
    expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(`${baseURL()}/fr`);
    const langs = await page.$$eval('link[rel="alternate"][hreflang]', (ls) => ls.map((l) => l.getAttribute("hreflang")));
    expect(langs.sort()).toEqual(["ar", "en", "es", "fr", "it", "tr", "x-default", "zh"]);
    expect(await page.getAttribute('meta[property="og:locale"]', "content")).toBe("fr_FR");
    const jsonLd = JSON.parse((await page.textContent('script[type="application/ld+json"]'))!);
    expect(jsonLd["@type"]).toBe("Organization");
    // The sitemap is an index of files (the protocol's limit is 50,000 addresses a file): the site's pages,
    // then its places.
    const index = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
    expect(files).toEqual([`${baseURL()}/sitemaps/pages.xml`, `${baseURL()}/sitemaps/places-1.xml`]);
    const [pages, places] = await Promise.all(files.map(async (file) => (await fetch(file)).text()));
    expect(pages).toContain(`<loc>${baseURL()}/zh/destinations</loc>`);
    expect(pages).toContain(`<loc>${baseURL()}/ar/events/feast-of-the-cross-maaloula</loc>`);
    expect(pages).toContain('hreflang="x-default"');
    expect(places).toContain(`<loc>${baseURL()}${placePath(await findPlace("Palmyra"), "/ar")}/info</loc>`);
    expect((await fetch(`${baseURL()}/sitemaps/places-2.xml`)).status).toBe(404);
    expect(await (await fetch(`${baseURL()}/robots.txt`)).text()).toContain("Sitemap:");
  });

  it("preloads the hero image and gives every image its size", async () => {
    const page = await open("/");
    expect(await page.locator('link[rel="preload"][as="image"]').count()).toBeGreaterThanOrEqual(1);
    const unsized = await page.$$eval("img", (imgs) => imgs.filter((i) => !i.getAttribute("width") || !i.getAttribute("height")).length);
    expect(unsized).toBe(0);
  });
});
