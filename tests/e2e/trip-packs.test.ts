// Trip packs and pictures that wait (decision 036), as a visitor meets them, in English at 1280 px and in
// Arabic at 375 px: Damascus saved for offline after its size is shown, its pages and pictures read with no
// connection (a link followed too), a page outside the pack answering the offline page, the pack listed on
// /saved and removed there; and, with Save-Data, pictures that load only when asked and a pack without them.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, clickCentre, expectOnScreen, useBrowser } from "./browser.ts";
import { findPlace, placePath } from "./api-helpers.ts";
import type { PackManifest } from "../../shared/trip-packs.ts";

const offlineErrors = [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/, /net::ERR_FAILED/];
const MB = 1_000_000;

/** Damascus's page (the category of its best-known site), found through the API. */
async function damascusPath(prefix: string) {
  const mosque = await findPlace("Umayyad Mosque");
  return `${prefix}/cities/${mosque.categories_idcategories}/sites/${mosque.cities_idcities}`;
}

/** Whether every picture of the page's main content has been drawn (loaded and decoded). */
const picturesDrawn = (page: Page) =>
  page.evaluate(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>("main picture img")];
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
  });

describe("trip packs", () => {
  const { open } = useBrowser();

  it.each([
    ["", 1280, /^About \d+(\.\d)? MB to download\.$/, "Saved on this device", "You are offline"],
    ["/ar", 375, /^حجم التنزيل نحو \d+(\.\d)? م\.ب\.$/, "حُفظت على هذا الجهاز", "أنت غير متصل بالإنترنت"],
  ])("%s at %i px: Damascus saved for offline, then read without a connection", async (prefix, width, size, saved, offline) => {
    const city = await damascusPath(prefix);
    const page = await open(city, { serviceWorkers: true, width, allowErrors: offlineErrors });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const save = page.locator(".save-offline button");
    await save.scrollIntoViewIfNeeded();
    await expectOnScreen(save);
    await clickCentre(page, save);
    // The size first; nothing is downloaded until the visitor says so.
    const status = page.locator(".save-offline [role=status]");
    await page.waitForFunction(() => document.querySelector(".save-offline [role=status]")?.textContent?.match(/\d/));
    expect((await status.textContent())?.trim()).toMatch(size);
    const download = page.locator(".save-offline button.button:not(.secondary)");
    await expectOnScreen(download);
    await clickCentre(page, download);
    await page.waitForFunction((text) => document.querySelector(".save-offline [role=status]")?.textContent?.includes(text), saved, {
      timeout: 60_000,
    });

    // No connection: the city's page, a place it shows (opened by its link), and that place's pictures.
    await page.context().setOffline(true);
    await page.goto(baseURL() + city, { waitUntil: "load" });
    const card = page.locator(".card-link").first();
    const name = (await card.textContent())?.trim();
    await card.scrollIntoViewIfNeeded();
    await expectOnScreen(card);
    await clickCentre(page, card);
    await page.waitForFunction((n) => document.querySelector("h1")?.textContent?.includes(n ?? ""), name);
    expect(page.url()).toMatch(/\/action\/\d+$/);
    await page.waitForFunction(() => document.readyState === "complete");
    expect(await picturesDrawn(page)).toBe(true);
    // A page outside the pack, never opened (another city's): the offline page, in the visitor's language.
    const citadel = await findPlace("Aleppo Citadel");
    await page.goto(`${baseURL()}${prefix}/cities/${citadel.categories_idcategories}/sites/${citadel.cities_idcities}`, {
      waitUntil: "load",
    });
    expect(await page.textContent("h1")).toBe(offline);
    await page.context().setOffline(false);

    // /saved lists it with its size, and removes it.
    await page.goto(`${baseURL()}${prefix}/saved`, { waitUntil: "networkidle" });
    const entry = page.locator(".pack-list li");
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.locator("a").getAttribute("href")).toBe(city);
    expect(await entry.locator(".pack-size").textContent()).toMatch(/\d/);

    // A new build's worker renews each pack an earlier build saved, once the visitor is online again: the pack
    // is kept until its renewal has downloaded (here, a pack marked as an earlier build's).
    const packOf = () =>
      page.evaluate(async () => {
        const index = await caches.open("trip-packs");
        const [key] = await index.keys();
        return key && ((await (await index.match(key))?.json()) as { build: string; savedAt: string });
      });
    const before = await packOf();
    await page.evaluate(async () => {
      const index = await caches.open("trip-packs");
      const [key] = await index.keys();
      const pack = await (await index.match(key))?.json();
      await index.put(key, new Response(JSON.stringify({ ...pack, build: "an-earlier-build" })));
    });
    await page.reload({ waitUntil: "networkidle" });
    // Polled from here: the page's waitForFunction takes a promise for a truthy answer and would not wait.
    await expect.poll(async () => (await packOf())?.build, { timeout: 30_000 }).not.toBe("an-earlier-build");
    const renewed = await packOf();
    expect(renewed?.build).toBe(before?.build);
    expect(Date.parse(renewed?.savedAt ?? "")).toBeGreaterThan(Date.parse(before?.savedAt ?? ""));

    const remove = entry.locator("button");
    await remove.scrollIntoViewIfNeeded();
    await expectOnScreen(remove);
    await clickCentre(page, remove);
    await page.waitForFunction(() => !document.querySelector(".pack-list"));
    expect(await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("trip-pack ")))).toEqual([]);
  });

  it.each([
    ["", 1280, "Show the picture", "without pictures"],
    ["/ar", 375, "اعرض الصورة", "دون صور"],
  ])("%s at %i px: with Save-Data, pictures wait for a tap, and a pack leaves them out", async (prefix, width, show, lite) => {
    const mosque = await findPlace("Umayyad Mosque");
    const asked: string[] = [];
    const page = await open(placePath(mosque, prefix), { width, headers: { "Save-Data": "on" }, serviceWorkers: true });
    page.on("request", (r) => asked.push(r.url()));
    // The page was loaded and is idle: not one picture was asked for, and each waits in its room.
    expect(asked.filter((u) => u.includes("/media/"))).toEqual([]);
    expect(await page.locator("main picture").count()).toBe(0);
    expect(await page.locator("main .picture-waiting").count()).toBeGreaterThan(0);
    // The place's own picture, at the top: one tap shows it, and only it.
    const button = page.locator("main button.picture-waiting").first();
    expect((await button.textContent())?.startsWith(show)).toBe(true);
    await expectOnScreen(button);
    await clickCentre(page, button);
    await page.waitForFunction(() => document.querySelectorAll("main picture img").length === 1);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>("main picture img")].some((img) => img.complete && img.naturalWidth > 0),
    );
    expect(asked.some((u) => u.includes("/media/"))).toBe(true);

    // Its city's pack, asked with Save-Data, is told and made without pictures.
    await page.goto(baseURL() + (await damascusPath(prefix)), { waitUntil: "networkidle" });
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    const save = page.locator(".save-offline button");
    await save.scrollIntoViewIfNeeded();
    await expectOnScreen(save);
    await clickCentre(page, save);
    await page.waitForFunction((text) => document.querySelector(".save-offline [role=status]")?.textContent?.includes(text), lite);
  });

  it("tells a pack's size in bytes it will cost, within the budget, without a cookie or a count", async () => {
    const city = await damascusPath("");
    const ask = (query: string, headers: Record<string, string> = {}) => fetch(`${baseURL()}/trip-pack.json${query}`, { headers });
    const res = await ask(`?page=${encodeURIComponent(city)}`, { "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    const pack = (await res.json()) as PackManifest;
    expect(pack.files[0].url).toBe(city);
    expect(pack.bytes).toBe(pack.files.reduce((sum, f) => sum + f.bytes, 0));
    expect(pack.bytes).toBeLessThanOrEqual(3 * MB);
    // Each picture once, at its smallest width, in WebP.
    const pictures = pack.files.filter((f) => f.url.startsWith("/media/"));
    expect(pictures.length).toBeGreaterThan(0);
    for (const p of pictures) expect(p.url).toMatch(/\.480\.webp$|^\/media\/[^.]+\.(png|jpe?g)$/);
    expect(pack.files.some((f) => f.url === "/plan")).toBe(true);
    expect(pack.files.some((f) => /^\/assets\/.+\.js$/.test(f.url))).toBe(true);
    const lite = (await (await ask(`?page=${encodeURIComponent(city)}`, { "save-data": "on" })).json()) as PackManifest;
    expect(lite.lite).toBe(true);
    expect(lite.files.filter((f) => f.url.startsWith("/media/"))).toEqual([]);
    expect(lite.bytes).toBeLessThanOrEqual(1.5 * MB);
    // A page is kept apart for visitors saving data: its pictures wait there, and only there.
    const place = baseURL() + placePath(await findPlace("Umayyad Mosque"));
    const waiting = await fetch(place, { headers: { "save-data": "on" } });
    expect(await waiting.text()).not.toContain("<picture");
    const full = await fetch(place);
    expect(full.headers.get("vary")).toMatch(/Save-Data/);
    expect(await full.text()).toContain("<picture");
    // Bad asks get a clear answer.
    for (const query of ["", "?page=/about", "?page=/cities/1/sites/1&x=1", "?page=/cities/1/sites/1&lite=2"]) {
      const bad = await ask(query);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toMatch(/city's page/);
    }
    const missing = await ask(`?page=${encodeURIComponent("/cities/1/sites/999")}`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe("There is no such page to save.");
  });
});
