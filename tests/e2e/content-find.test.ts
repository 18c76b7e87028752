// Finding work among a national site's items, as an editor does it, in English at 1280 px and in Arabic at
// 375 px: 10,000 service providers more than the seed's, one found by its Arabic name typed with a wrong
// letter; the list filtered by city and publication state and paged through with the filters kept; two items
// of the page selected and published at once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../db/engine.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";
import { startServer, type ServerProcess } from "../../harness/server-process.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, expectBroughtIntoView, press, signIn } from "./workspace-steps.ts";

const COPIES = 10_000;
/** The one item looked for, among the copies; its Arabic name is typed with ب for ي. */
const TARGET = {
  slug: "beit-al-yasmin-hotel",
  name: {
    en: "Beit al-Yasmin Hotel",
    ar: "فندق بيت الياسمين",
    fr: "Hôtel Beit al-Yasmin",
    es: "Hotel Beit al-Yasmin",
    it: "Hotel Beit al-Yasmin",
    tr: "Beit al-Yasmin Oteli",
    zh: "茉莉之家酒店",
  },
};
const MISSPELT = "بيت الياسمبن";

describe("finding one item among 10,000 in the workspace", () => {
  let dir: string;
  let server: ServerProcess;
  const sqlitePath = () => join(dir, "site.sqlite");
  const { open } = useBrowser();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "visit-syria-find-"));
    // The seed's site, its pictures already made by the global setup's server.
    server = await startServer(
      {
        SQLITE_PATH: sqlitePath(),
        CONTENT_DIR: inject("contentDir"),
        MEDIA_DIR: "data/media",
        MEDIA_STORE_DIR: inject("mediaStoreDir"),
        LOG_LEVEL: "warn",
      },
      { timeoutMs: 600_000 },
    );
    // Drafts made from the seed's providers, each with its own slug and numbered names, as editors would add them.
    const handle = openDatabase({ sqlitePath: sqlitePath() });
    try {
      const seeded = await documentsRepository(handle.db).list("service");
      const at = new Date().toISOString();
      await handle.db.transaction().execute(async (trx) => {
        const documents = documentsRepository(trx);
        let position = await documents.nextPosition("service");
        for (let i = 0; i < COPIES; i++) {
          const from = seeded[i % seeded.length]!;
          const body = from.draft as { name: Record<string, string> };
          const target = i === COPIES / 2;
          const slug = target ? TARGET.slug : `${from.slug}-${i}`;
          const name = target ? TARGET.name : Object.fromEntries(Object.entries(body.name).map(([l, text]) => [l, `${text} ${i}`]));
          const copy = { ...body, slug, name, aliases: [] };
          await documents.create(
            { type: "service", slug, position: position++, body: copy, translatedFrom: from.translatedFrom },
            at,
            null,
            // Whole copies of published providers: nothing keeps them from being published.
            0,
          );
        }
      });
    } finally {
      await handle.close();
    }
  }, 900_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [language, width] of [
    ["en", 1280],
    ["ar", 375],
  ] as const) {
    it(`finds it by a misspelt Arabic name, filters by city and state, pages through and publishes two at once (${language}, ${width} px)`, async () => {
      const t = workspaceMessages(language);
      const editor = await signIn(open, {
        role: "editor",
        email: `finder.${language}@example.org`,
        width,
        language,
        sqlitePath: sqlitePath(),
        base: server.url,
      });
      await editor.goto(`${server.url}/admin/content?type=service`);
      const count = async () => Number((await editor.locator('[role="status"]').textContent())?.match(/\d+/)?.[0]);
      expect(await count()).toBeGreaterThan(COPIES);

      // Typed with a wrong letter, found alone, and opened.
      await editor.fill("#content-q", MISSPELT);
      await Promise.all([editor.waitForURL(/[?&]q=/), press(editor, editor.locator("#content-filters button"))]);
      const rows = editor.locator(".ws-table tbody tr");
      await expect.poll(() => rows.count()).toBe(1);
      const link = rows.first().locator(`a[href="/admin/content/service/${TARGET.slug}"]`);
      expect(await link.textContent()).toBe(TARGET.name.en);
      // (Under the filters on a phone: scrolled to, as a person scrolls.)
      await link.scrollIntoViewIfNeeded();
      await expectOnScreen(link);
      await expectAccessible(editor);
      expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await editor.screenshot({ path: `test-results/content-find-${language}${width}.png`, fullPage: true });
      await Promise.all([editor.waitForURL(new RegExp(`/admin/content/service/${TARGET.slug}$`)), press(editor, link)]);
      expect(await editor.inputValue('[name="name.ar"]')).toBe(TARGET.name.ar);

      // Drafts in Damascus, a page at a time, the filters kept from page to page.
      await editor.goto(`${server.url}/admin/content?type=service`);
      await editor.selectOption("#content-city", "damascus");
      await editor.selectOption("#content-state", "draft");
      await Promise.all([editor.waitForURL(/state=draft/), press(editor, editor.locator("#content-filters button"))]);
      await expect.poll(count).toBeLessThan(COPIES);
      const drafts = await count();
      expect(drafts).toBeGreaterThan(1000);
      await expect.poll(() => rows.count()).toBe(50);
      const pages = Math.ceil(drafts / 50);
      const pageOf = (page: number) => t.content.pageOf.replace("{page}", String(page)).replace("{pages}", String(pages));
      const current = editor.locator(".ws-pages [aria-current=page]");
      await expect.poll(() => current.textContent()).toBe(pageOf(1));
      const firstOfPage1 = await rows.first().locator("a").textContent();
      await Promise.all([editor.waitForURL(/page=2/), press(editor, editor.locator('.ws-pages a[rel="next"]'))]);
      expect(new URL(editor.url()).searchParams.get("city")).toBe("damascus");
      await expect.poll(() => current.textContent()).toBe(pageOf(2));
      expect(await rows.first().locator("a").textContent()).not.toBe(firstOfPage1);

      // Two of the page selected and published at once: each is checked and published on its own.
      const chosen = [0, 1].map((n) => rows.nth(n).locator('input[type="checkbox"]'));
      for (const box of chosen) await press(editor, box);
      const names = await Promise.all([0, 1].map((n) => rows.nth(n).locator("a").textContent()));
      await press(editor, editor.locator("#content-bulk button"));
      await expectBroughtIntoView(editor, ".ws-notice.ws-success");
      expect(await editor.textContent(".ws-notice.ws-success")).toBe(t.content.bulk.done.publish.replace("{count}", "2"));
      await expectAccessible(editor);
      expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await editor.screenshot({ path: `test-results/content-bulk-${language}${width}.png`, fullPage: true });
      // They are published: the page drawn again lists them as such, and the public API finds them.
      await editor.goto(`${server.url}/admin/content?type=service&state=published&q=${encodeURIComponent(names[0]!)}`);
      await expect.poll(() => rows.count()).toBe(1);
      const search = async (name: string) => {
        const found = await fetch(`${server.url}/back/api/user/place1/search?page=1&per_page=10`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name, language: 1 }),
        });
        return ((await found.json()) as { data: Array<{ place_name: string }> }).data.map((p) => p.place_name);
      };
      for (const name of names) await expect.poll(() => search(name!)).toContain(name);
    }, 240_000);
  }
});
