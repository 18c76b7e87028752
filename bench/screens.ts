// `npm run screens [-- --url http://127.0.0.1:3000] [page ...]`: screenshots of what a visitor sees, for a person to look
// at: home, a city, a site, its images, contact and the open mobile menu, in English, Arabic and Chinese, at a
// phone's width (375 px) and a desktop's (1280 px). Without --url it builds the site and starts it on a fresh
// embedded database with the seed content. Writes bench/results/screens/<page>-<language>-<width>.png.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchChromium } from "../harness/chromium.ts";
import { buildWebsite, startWebsite } from "../harness/website.ts";
import { localePath } from "../shared/paths.ts";

const OUT = "bench/results/screens";
const LANGUAGES = ["en", "ar", "zh"] as const;
const WIDTHS = [375, 1280] as const;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { url: { type: "string" } } });
/** Pages named on the command line (home, city, site, images, contact, menu) are redone alone. */
const wanted = (name: string) => positionals.length === 0 || positionals.includes(name);

async function routes(baseURL: string) {
  const api = `${baseURL}/back/api/user`;
  const json = async (path: string, init?: RequestInit) => ((await (await fetch(api + path, init)).json()) as { data: any[] }).data;
  const [krak] = await json("/place1/search", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Krak des Chevaliers", language: 1 }),
  });
  const site = `/cities/${krak.categories_idcategories}/sites/${krak.cities_idcities}/action/${krak.id}`;
  return {
    home: "/",
    city: `/cities/${krak.categories_idcategories}/sites/${krak.cities_idcities}`,
    site,
    images: `${site}/images`,
    info: `${site}/info`,
    contact: "/contact",
    map: "/map",
    plan: "/plan/money",
    saved: "/saved",
  };
}

/** Waits until the pictures in view have loaded, so the screenshot shows them rather than placeholders. */
async function settle(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((i) => i.loading !== "lazy")
        .map((i) =>
          i.complete
            ? null
            : new Promise((r) => {
                i.onload = i.onerror = r;
              }),
        ),
    );
  });
}

let scratch: string | undefined;
let server: Awaited<ReturnType<typeof startWebsite>> | undefined;
let baseURL = values.url;
if (!baseURL) {
  console.log("building the production site…");
  buildWebsite();
  scratch = mkdtempSync(join(tmpdir(), "visit-syria-screens-"));
  server = await startWebsite(scratch);
  baseURL = server.url;
}
mkdirSync(OUT, { recursive: true });
const browser = await launchChromium();
try {
  const pages = await routes(baseURL);
  for (const width of WIDTHS) {
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 740 : 900 }, reducedMotion: "reduce" });
      // The saved page shows a trip of one place, Krak des Chevaliers, rather than its empty state.
      const krakId = Number(pages.site.split("/").at(-1));
      await context.addInitScript((id) => localStorage.setItem("saved_places", JSON.stringify([[id]])), krakId);
      const page = await context.newPage();
      for (const [name, path] of Object.entries(pages)) {
        if (!wanted(name)) continue;
        await page.goto(baseURL + localePath(language, path), { waitUntil: "networkidle" });
        await settle(page);
        await page.screenshot({ path: join(OUT, `${name}-${language}-${width}.png`), fullPage: true });
        console.log(`${name}-${language}-${width}`);
      }
      if (width === 375 && wanted("menu")) {
        await page.goto(baseURL + localePath(language, pages.site), { waitUntil: "networkidle" });
        await settle(page);
        await page.click(".menu-toggle");
        await page.waitForSelector(".nav-links.is-open");
        await page.screenshot({ path: join(OUT, `menu-${language}-${width}.png`) });
        console.log(`menu-${language}-${width}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
console.log(`screenshots in ${OUT}/`);
