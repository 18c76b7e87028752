// Statistics without tracking as the ministry meets them (decision 033), in English at 1280 px and in Arabic at
// 375 px. A visitor reads pages in three languages, arriving once from another site, and searches for a
// nonsense word five times and for a "personal" one once. The editor's Statistics page shows those views, the
// languages, the referring site and the nonsense word, never the personal one; and the server's database holds
// nothing of the visitor: not their browser, not their address, not a cookie (they have none).
import { describe, expect, inject, it } from "vitest";
import { sql } from "kysely";
import { openDatabase } from "../../db/engine.ts";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";

const VISITOR = "StatsProbe/1.0 (a visitor to be forgotten)";

describe.each([
  ["en", 1280, "Xqzvrt Wlmnop", "Zumurrud Qattawi 0933 111 222"],
  ["ar", 375, "Kvtrxq Plmwzn", "Nizar Haddadeen 0944 333 444"],
] as const)("statistics (%s, %i px)", (language, width, nonsense, personal) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);

  it("counts the views, languages, referring site and a search made five times, and nothing of the visitor", async () => {
    const visitor = await open("/", { width, userAgent: VISITOR });
    await visitor.goto(`${baseURL()}/ar/destinations`, { referer: "https://news.example/syria-reopens" });
    await visitor.goto(`${baseURL()}/fr/about`);
    const search = (name: string) =>
      visitor.evaluate(
        async (body) =>
          (
            await fetch("/back/api/user/place1/search?page=1&per_page=5", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(body),
            })
          ).status,
        { name, language: 1 },
      );
    for (let i = 0; i < 5; i++) expect(await search(nonsense)).toBe(200);
    expect(await search(personal)).toBe(200);
    expect(await visitor.context().cookies()).toEqual([]);

    const editor = await signIn(open, {
      role: "editor",
      email: `stats.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
    });
    // Each instance adds its counts every 10 seconds.
    const row = editor.locator(`section[aria-label="${t.statistics.unanswered}"] td`, { hasText: nonsense.toLowerCase() });
    await expect
      .poll(
        async () => {
          await editor.goto(`${baseURL()}/admin/statistics`);
          return row.count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(1);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    await row.scrollIntoViewIfNeeded();
    await expectOnScreen(row);
    const page = (await editor.textContent("main"))!;
    expect(page).not.toContain(personal.toLowerCase());
    expect(page).toContain("news.example");
    for (const path of ["/destinations", "/about"]) expect(page).toContain(path);
    expect(await editor.textContent("#views")).toMatch(/\d/);
    await expectAccessible(editor);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await editor.screenshot({ path: `test-results/statistics-${language}${width}.png`, fullPage: true });
    expect(await editor.textContent("h1")).toBe(t.statistics.title);

    // The database: the visitor's browser nowhere; no address in the counts; the personal search only as a count
    // of today's, never shown, and gone at the day's end (tests/api/statistics.test.ts).
    const handle = openDatabase({ sqlitePath: inject("sqlitePath") });
    try {
      const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(handle.db)).rows;
      for (const { name } of tables) {
        const text = JSON.stringify((await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(handle.db)).rows);
        expect(text, name).not.toContain("StatsProbe");
        if (name === "visit_counts" || name === "unanswered_searches") expect(text, name).not.toMatch(/127\.0\.0\.1|::1|syria-reopens/);
      }
    } finally {
      await handle.close();
    }
  });
});
