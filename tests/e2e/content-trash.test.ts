// Deleting content as an editor does it, in English at 1280 px and in Arabic at 375 px: an unused item, after a
// confirmation, goes to the trash, is found there and restored; a city that places name refuses to be deleted
// and links to what names it.
import { describe, expect, inject, it } from "vitest";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, expectBroughtIntoView, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";

describe.each([
  ["en", 1280],
  ["ar", 375],
] as const)("the trash (%s, %i px)", (language, width) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);

  it("takes an unused item after a confirmation, shows it in the trash and restores it; a used one names what uses it", async () => {
    const editor = await signIn(open, {
      role: "editor",
      email: `trash.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
      allowErrors: [/status of 409/],
    });
    // A new experience, never published: nothing refers to it.
    const slug = `rooftop-supper-${language}`;
    const title = `Supper on an old city rooftop ${language}`;
    await editor.goto(`${baseURL()}/admin/content/experience/new`);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    await editor.fill("#f-slug", slug);
    await editor.selectOption('[name="motif"]', "old-street");
    await editor.fill('[name="title.en"]', title);
    await Promise.all([editor.waitForURL(/done=created/), press(editor, editor.locator(".ws-content-form > button"))]);

    // The button is behind a confirmation that says what happens.
    const button = editor.locator('button[value="delete"]');
    expect(await button.isVisible()).toBe(false);
    await press(editor, editor.locator(".ws-delete summary"));
    expect(await editor.textContent("#delete-note")).toBe(t.content.deleteNote);
    await Promise.all([editor.waitForURL(/done=trashed/), press(editor, button)]);
    await expectBroughtIntoView(editor, ".ws-notice.ws-success");
    expect(await editor.textContent(".ws-notice.ws-success")).toBe(t.content.done.trashed);

    await Promise.all([editor.waitForURL(/\/admin\/trash$/), press(editor, editor.locator('a[href="/admin/trash"]'))]);
    const row = editor.locator(".ws-table tbody tr", { hasText: title });
    await row.waitFor();
    // (On a phone the table scrolls sideways to its last column, as a person would scroll it.)
    await row.locator("button").scrollIntoViewIfNeeded();
    await expectOnScreen(row.locator("button"));
    await expectAccessible(editor);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await editor.screenshot({ path: `test-results/trash-${language}${width}.png`, fullPage: true });
    await Promise.all([
      editor.waitForURL(new RegExp(`/admin/content/experience/${slug}\\?done=restored$`)),
      press(editor, row.locator("button")),
    ]);
    expect(await editor.textContent(".ws-notice.ws-success")).toBe(t.content.done.restored);
    expect(await editor.inputValue('[name="title.en"]')).toBe(title);

    // A city that places name is not deleted: the refusal links to them.
    await editor.goto(`${baseURL()}/admin/content/city/damascus`);
    await editor.waitForSelector(".ws-content-form");
    await press(editor, editor.locator(".ws-delete summary"));
    await press(editor, button);
    const refused = editor.locator(".ws-notice.ws-error");
    await refused.waitFor();
    expect(await refused.locator("p").textContent()).toBe(t.content.refused.referred);
    const first = refused.locator("a").first();
    expect(await first.getAttribute("href")).toMatch(/^\/admin\/content\/(site|culture|service|experience)\/[a-z0-9-]+$/);
    await expectOnScreen(first);
    await expectAccessible(editor);
    expect((await editor.request.get(`${baseURL()}/admin/content/city/damascus`)).status()).toBe(200);
  });
});
