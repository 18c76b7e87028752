// The link checker's report as an editor meets it, in English at 1280 px and in Arabic at 375 px, after a run
// found a guide source broken and a video moved (the test server checks nothing itself: LINK_CHECK is off, and
// the run's results are written as the checker writes them). Each is listed on screen with its item and field;
// the broken one is marked a false positive, leaves the list, and is found under the false positives.
import { describe, expect, inject, it } from "vitest";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, expectBroughtIntoView, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { openDatabase } from "../../db/engine.ts";
import { linksRepository } from "../../db/repositories/links.ts";

describe.each([
  ["en", 1280],
  ["ar", 375],
] as const)("the links report (%s, %i px)", (language, width) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);
  const broken = `https://visas.example.org/${language}/rules-removed`;
  const moved = `https://www.youtube.com/watch?v=moved-${language}`;

  it("lists a broken and a moved link with where they are used, and marks a false positive", async () => {
    const handle = openDatabase({ sqlitePath: inject("sqlitePath") });
    try {
      const at = new Date().toISOString();
      const links = linksRepository(handle.db);
      await handle.db
        .insertInto("link_uses")
        .values([
          { url: broken, item: "guide/entry-and-visas", field: "sources.1" },
          { url: moved, item: "media/umayyad-mosque", field: "entries.2" },
        ])
        .execute();
      await links.record({ url: broken, outcome: "broken", status: 404, finalUrl: null, redirects: 0, checkedAt: at });
      await links.record({ url: moved, outcome: "redirected", status: 200, finalUrl: `${moved}&new=1`, redirects: 1, checkedAt: at });
    } finally {
      await handle.close();
    }
    const editor = await signIn(open, {
      role: "editor",
      email: `links.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
    });
    await editor.goto(`${baseURL()}/admin/links`);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    expect(await editor.textContent("h1")).toBe(t.links.title);
    expect(await editor.textContent("#links-checker + p")).toBe(t.links.off);

    const row = (url: string) => editor.locator("tr", { has: editor.locator(`a[href="${url}"]`) });
    await row(broken).scrollIntoViewIfNeeded();
    await expectOnScreen(row(broken).locator("td").first());
    expect(await row(broken).locator("td").nth(1).textContent()).toContain(t.links.outcomes.broken);
    expect(await row(broken).locator("td").nth(2).textContent()).toBe("guide/entry-and-visas" + "sources.1");
    expect(await row(moved).locator("td").nth(1).textContent()).toContain(t.links.outcomes.redirected);
    expect(await row(moved).locator(`a[href="${moved}&new=1"]`).count()).toBe(1);
    await expectAccessible(editor);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await editor.screenshot({ path: `test-results/links-${language}${width}.png`, fullPage: true });

    // Marked a false positive: it leaves the list, and the notice says so where the editor is.
    const mark = row(broken).locator("button");
    await mark.scrollIntoViewIfNeeded();
    await expectOnScreen(mark);
    await press(editor, mark);
    await expectBroughtIntoView(editor, ".ws-notice.ws-success");
    expect(await editor.textContent(".ws-notice.ws-success")).toBe(t.links.done.marked);
    await expect.poll(() => row(broken).count()).toBe(0);
    await press(editor, editor.locator(`a[href="/admin/links?show=false-positives"]`));
    await editor.waitForURL(/show=false-positives/);
    await row(broken).scrollIntoViewIfNeeded();
    await expectOnScreen(row(broken).locator("td").first());
    expect(await row(broken).locator("td").nth(3).textContent()).toContain(`links.${language}@example.org`);
  });
});
