// The versions of an item as an editor meets them, in English at 1280 px and in Arabic at 375 px: a place
// published, changed and published again has two versions on its page; the first is compared with the draft
// (the changed words struck out and added), brought back as the draft, and is public once published again.
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, expectBroughtIntoView, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";

describe.each([
  ["en", 1280, "bab-touma"],
  ["ar", 375, "bab-sharqi"],
] as const)("versions (%s, %i px)", (language, width, slug) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);
  const itemPath = `/admin/content/site/${slug}`;

  /** Presses the item page's publish button and waits for its answer. */
  async function publish(editor: Page) {
    await Promise.all([editor.waitForURL(/done=published/), press(editor, editor.locator('button[value="publish"]'))]);
    await editor.waitForSelector(".ws-content-form");
  }

  it("lists what each publish changed, compares an old version with the draft, and brings it back", async () => {
    const editor = await signIn(open, {
      role: "editor",
      email: `versions.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
    });
    await editor.goto(`${baseURL()}${itemPath}`);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    const original = await editor.inputValue('[name="summary.en"]');
    await publish(editor);
    const changed = original.replace(/^The /, "Once the Romans' eastern gate, the ");
    await editor.fill('[name="summary.en"]', changed);
    await press(editor, editor.locator(".ws-content-form > button"));
    // (The publish's notice is on the page already: wait for the save's own.)
    await expect.poll(() => editor.textContent(".ws-notice.ws-success")).toBe(t.content.done.saved);
    await publish(editor);

    // Newest first: the second names the field it changed, the first is the first publication.
    const listed = editor.locator("section[aria-labelledby=versions] li");
    await expect.poll(() => listed.count()).toBe(2);
    expect(await listed.nth(0).locator(".ws-action").textContent()).toContain(t.content.fields.summary);
    expect(await listed.nth(1).locator(".ws-action").textContent()).toBe(t.versions.first);
    const first = listed.nth(1).locator("a");
    await first.scrollIntoViewIfNeeded();
    await expectOnScreen(first);
    await Promise.all([editor.waitForURL(/\/versions\?from=1$/), press(editor, first)]);

    // Version 1 against the draft: the words the change added, and those it took away.
    const change = editor.locator("#versions-changes + .ws-change");
    await change.waitFor();
    expect((await change.locator("ins").allTextContents()).join(" ")).toContain("Once the Romans");
    // (The inserted words wrap on a phone: the line they are in is what is checked on screen.)
    await expectOnScreen(change.locator("dd", { has: editor.locator("ins") }));
    await expectAccessible(editor);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await editor.screenshot({ path: `test-results/versions-${language}${width}.png`, fullPage: true });

    // Brought back as the draft, then published: the site says what it said before.
    const restore = editor.locator("#versions-restore button");
    expect(await restore.textContent()).toBe(t.versions.restore.replace("{n}", "1"));
    await Promise.all([editor.waitForURL(/done=version-restored/), press(editor, restore)]);
    await expectBroughtIntoView(editor, ".ws-notice.ws-success");
    expect(await editor.textContent(".ws-notice.ws-success")).toBe(t.content.done["version-restored"]);
    expect(await editor.inputValue('[name="summary.en"]')).toBe(original);
    await publish(editor);
    const live = await editor.getByRole("link", { name: t.content.live }).getAttribute("href");
    const page = await (await fetch(`${baseURL()}${live}`)).text();
    expect(page).toContain(original.slice(0, 40));
    expect(page).not.toContain("Once the Romans");
  });
});
