// A national site's size, with the server's own memory limits (started as `npm start` starts it): 2,000 places
// loaded with content:load, then an editor saves and publishes one of them through the workspace's forms. Before
// publishing cost only the place (decision 023), this killed the server ("JavaScript heap out of memory").
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withField } from "../../harness/form-fields.ts";
import { copySlugs, writeScaleContent } from "../../harness/scale-content.ts";
import { turnReviewOff } from "../../harness/review-rule.ts";
import { startServer, type ServerProcess } from "../../harness/server-process.ts";
import { open, signIn, workspaceAccount } from "../../harness/workspace-probes.ts";
import { workspaceForms } from "../../harness/workspace-forms.ts";
import { sitePath } from "../../shared/paths.ts";
import { clickCentre, expectOnScreen, useBrowser } from "./browser.ts";

const PLACES = 2000;
const FROM = "127.0.0.1";
/** The cards of a page's first list. */
const cardsOf = (html: string) => (html.match(/<ul class="card-grid">([\s\S]*?)<\/ul>/)?.[1].match(/<li\b/g) ?? []).length;

describe(`publishing at ${PLACES} places under the server's memory limits`, () => {
  let dir: string;
  let server: ServerProcess;
  const browser = useBrowser();
  const sqlitePath = () => join(dir, "site.sqlite");

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "visit-syria-scale-"));
    const content = join(dir, "content");
    writeScaleContent(content, PLACES);
    turnReviewOff(content);
    const env = { SQLITE_PATH: sqlitePath(), MEDIA_DIR: "data/media", MEDIA_STORE_DIR: join(dir, "media-store"), LOG_LEVEL: "warn" };
    // npm run content:load, as package.json runs it.
    execFileSync(process.execPath, ["scripts/content-load.ts"], { env: { ...process.env, ...env, CONTENT_DIR: content }, stdio: "ignore" });
    server = await startServer(env, { timeoutMs: 600_000 });
  }, 900_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  type Found = { id: number; place_name: string; categories_idcategories: number; cities_idcities: number };
  const searchFor = async (name: string): Promise<Found[]> => {
    const search = await fetch(`${server.url}/back/api/user/place1/search?page=1&per_page=10`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, language: 1 }),
    });
    return ((await search.json()) as { data: Found[] }).data;
  };

  it("saves, previews and publishes a place through the forms, the server stays up, and the public search finds the change", async () => {
    const email = await workspaceAccount({ sqlitePath: sqlitePath() }, "editor");
    const { jar } = await signIn(server.url, FROM, email);
    const forms = workspaceForms(server.url, FROM, jar, 120_000);
    const [item] = copySlugs(1);
    const opened = await forms.open(item);
    const saved = await forms.save(
      item,
      withField(opened.fields, "summary.en", "A copy of the seed's first place, renamed Zenobiatown for this test."),
    );
    expect(saved.revision).toBe(opened.revision + 1);
    // The preview shows the draft on the public page, without copying 2,000 places.
    expect((await forms.preview(item)).body).toContain("Zenobiatown");
    // The public page, asked just before the publish (so kept, and its content version just read)…
    const found = (await searchFor(item.name)).find((p) => p.place_name === item.name);
    if (!found) throw new Error(`the search for ${item.name} does not find it`);
    const pagePath = sitePath.place(found.categories_idcategories, found.cities_idcities, found.id);
    const before = await fetch(server.url + pagePath);
    expect(before.status).toBe(200);
    expect(await before.text()).not.toContain("Zenobiatown");
    await forms.act(item, saved.revision, "publish");
    // …shows the change at the editor's next look: the publish made this server read the version again.
    expect(await (await fetch(server.url + pagePath)).text()).toContain("Zenobiatown");

    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await searchFor("zenobiatown")).map((p) => p.place_name)).toEqual([item.name]);

    // The workspace's list of sites is 50 a page, not every site of the country, and finds one by its name.
    const workspacePage = async (path: string) => {
      const answer = await open(server.url, FROM, jar, path);
      if ("error" in answer) throw new Error(String(answer.error));
      return answer;
    };
    const list = await workspacePage("/admin/content?type=site");
    expect(list.status).toBe(200);
    expect(list.body.match(/<tr>/g)?.length).toBe(51);
    expect(list.body).toMatch(/Page 1 of \d+/);
    const one = await workspacePage(`/admin/content?type=site&q=${encodeURIComponent(item.name)}`);
    expect(one.body).toContain(`>${item.name}</a>`);
    // Filtered by city and publication state, sorted by name, and paged through with the filter kept.
    const inDamascus = await workspacePage("/admin/content?type=site&city=damascus&state=published&sort=title");
    expect(inDamascus.body.match(/<tr>/g)?.length).toBe(51);
    const next = inDamascus.body.match(/href="[^"]*\?([^"]*page=2[^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(new URLSearchParams(next)).toEqual(new URLSearchParams("type=site&city=damascus&state=published&sort=title&page=2"));
    const second = await workspacePage(`/admin/content?${next}`);
    expect(second.body).toMatch(/Page 2 of \d+/);
    const names = (html: string) => [...html.matchAll(/<td><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(names(second.body)[0]! >= names(inDamascus.body).at(-1)!).toBe(true);
    expect((await workspacePage("/admin/content?type=site&city=damascus&state=draft")).body).toContain("Nothing matches.");
  });

  it("shows a long list 24 places to a page, with the way to the next, and a page past the end is not found", async () => {
    const page = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      return { status: res.status, html: await res.text() };
    };
    const first = await page("/culture");
    expect(first.status).toBe(200);
    expect(cardsOf(first.html)).toBe(24);
    const pages = Number(first.html.match(/Page 1 of (\d+)/)?.[1]);
    // About 2,000 × 21 / 98 culture places (the seed's share).
    expect(pages).toBeGreaterThan(15);
    expect(first.html).toContain('href="/culture?page=2"');
    const last = await page(`/culture?page=${pages}`);
    expect(last.status).toBe(200);
    expect(cardsOf(last.html)).toBeGreaterThan(0);
    expect(cardsOf(last.html)).toBeLessThanOrEqual(24);
    expect(last.html).toContain(`<link rel="canonical" href="${server.url}/culture?page=${pages}"/>`);
    for (const wrong of [String(pages + 1), "0", "two", "1.5"]) expect((await page(`/culture?page=${wrong}`)).status, wrong).toBe(404);

    // A service type's providers are counted whole and shown a page at a time, the filters kept page to page.
    const services = await page("/services/1");
    const providers = Number(services.html.match(/Providers \((\d+)\)/)?.[1]);
    expect(providers).toBeGreaterThan(24);
    expect(cardsOf(services.html)).toBe(24);
    const city = services.html.match(/<option value="(\d+)"/)?.[1];
    const inCity = await page(`/services/1?city=${city}`);
    const inCityCount = Number(inCity.html.match(/Providers \((\d+)\)/)?.[1]);
    expect(inCityCount).toBeLessThan(providers);
    if (inCityCount > 24) expect(inCity.html).toContain(`href="/services/1?city=${city}&amp;page=2"`);
  });

  it("a city's other categories show their first places and a link to all of them", async () => {
    const res = await fetch(`${server.url}/cities/1/sites/1`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(cardsOf(html)).toBeGreaterThan(0);
    expect(cardsOf(html)).toBeLessThanOrEqual(24);
    // Sections stream on a client navigation; a server-rendered page has them in its HTML.
    const seeAll = [...html.matchAll(/<a [^>]*href="(\/cities\/\d+\/sites\/1)"[^>]*>See all \((\d+)\)<\/a>/g)];
    expect(seeAll.length).toBeGreaterThan(0);
    const [, href, count] = seeAll[0]!;
    const all = await (await fetch(`${server.url}${href}`)).text();
    expect(cardsOf(all)).toBe(Math.min(Number(count), 24));
    if (Number(count) > 24) expect(all).toContain(`Page 1 of ${Math.ceil(Number(count) / 24)}`);
  });

  it("draws the best-known places on the map, says how many there are in all, and a filter narrows them", async () => {
    const html = await (await fetch(`${server.url}/map`)).text();
    const listed = (page: string) => (page.match(/<section [^>]*class="map-list"[\s\S]*?<footer/)?.[0].match(/<li>/g) ?? []).length;
    expect(html).toContain(`The 400 best-known of ${PLACES} places are shown`);
    expect(listed(html)).toBe(400);
    const city = html.match(/<select name="city"[^>]*>[\s\S]*?<option value="(\d+)"/)?.[1];
    const inCity = await (await fetch(`${server.url}/map?city=${city}`)).text();
    const count = Number(
      inCity
        .match(/(\d+) places shown|of (\d+) places are shown/)
        ?.slice(1)
        .find(Boolean),
    );
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(PLACES);
    expect(listed(inCity)).toBe(Math.min(count, 400));
  });

  it("sends /saved without the site's places: its script asks for the trip's own, and a wrong list is not found", async () => {
    const page = await fetch(`${server.url}/saved`);
    const html = await page.text();
    expect(page.status).toBe(200);
    // Every place's marker made this page weigh 10 MB at 50,000 places.
    expect(html).not.toContain("Palmyra 2");
    expect(html.length).toBeLessThan(200_000);
    const [first] = copySlugs(1);
    const found = await fetch(`${server.url}/back/api/user/place1/search?page=1&per_page=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: first!.name, language: 1 }),
    });
    const { id } = ((await found.json()) as { data: Array<{ id: number }> }).data[0]!;
    const data = await (await fetch(`${server.url}/saved.data?places=${id}`)).text();
    expect(data).toContain(first!.name);
    for (const wrong of ["x", "0", "1,,2", Array.from({ length: 201 }, (_, i) => i + 1).join(",")])
      expect((await fetch(`${server.url}/saved?places=${wrong}`)).status, wrong.slice(0, 20)).toBe(404);
  });

  for (const width of [375, 1280])
    for (const [language, prefix] of [
      ["en", ""],
      ["ar", "/ar"],
    ] as const)
      it(`the pager is on screen and its next link works at ${width} px in ${language}`, async () => {
        const page = await browser.open(`${prefix}/culture`, { width, base: server.url });
        const firstCard = await page.locator(".card-grid li").first().textContent();
        const next = page.locator("nav.pager a[rel=next]");
        await next.scrollIntoViewIfNeeded();
        await expectOnScreen(next);
        await page.screenshot({ path: join(tmpdir(), `pager-${language}-${width}.png`) });
        await clickCentre(page, next);
        await page.waitForURL(`${server.url}${prefix}/culture?page=2`);
        // The next page opens at its top, as a page does; its pager is at the foot of the list.
        const previous = page.locator("nav.pager a[rel=prev]");
        await previous.scrollIntoViewIfNeeded();
        await expectOnScreen(previous);
        await expect.poll(() => page.locator(".card-grid li").first().textContent()).not.toBe(firstCard);
        expect(await page.locator("nav.pager [aria-current=page]").textContent()).toMatch(/2/);
      });
});
