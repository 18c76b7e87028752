// A status past its review date as the editors and a visitor meet it, in English at 1280 px and in Arabic at
// 375 px: an editor sets the day it was last checked to one long past and publishes it; the dashboard lists the
// place and links to each kind's list of what is overdue, which finds it; the public page keeps the status and
// says, in its language, that it may be out of date (decision 029).
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";

describe.each([
  ["en", 1280, "mari-tell-hariri"],
  ["ar", 375, "qalaat-ibn-maan"],
] as const)("a status past its review date (%s, %i px)", (language, width, slug) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);
  const publicText = JSON.parse(readFileSync(`app/i18n/locales/${language}.json`, "utf8")) as { facts: { overdue: string } };

  it("is listed on the dashboard, found in the list, and said to be out of date on the public page", async () => {
    const editor = await signIn(open, {
      role: "editor",
      email: `overdue.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
    });
    await editor.goto(`${baseURL()}/admin/content/site/${slug}`);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    await editor.fill('[name="status.verified"]', "2025-01-15");
    await press(editor, editor.locator(".ws-content-form > button"));
    await expect.poll(() => editor.textContent(".ws-notice.ws-success")).toBe(t.content.done.saved);
    await Promise.all([editor.waitForURL(/done=published/), press(editor, editor.locator('button[value="publish"]'))]);

    // The dashboard names it, and its link to the sites' overdue list finds it.
    await editor.goto(`${baseURL()}/admin`);
    const section = editor.locator("section[aria-labelledby=facts-overdue]");
    const item = section.locator(`a[href="/admin/content/site/${slug}#f-status-verified"]`);
    await item.scrollIntoViewIfNeeded();
    await expectOnScreen(item);
    await expectAccessible(editor);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await Promise.all([editor.waitForURL(/overdue=yes/), press(editor, section.locator('a[href="/admin/content?type=site&overdue=yes"]'))]);
    const listed = editor.locator(`.ws-table a[href="/admin/content/site/${slug}"]`);
    await listed.waitFor();
    await listed.scrollIntoViewIfNeeded();
    await expectOnScreen(listed);
    // The list's filter offers each fact, the status chosen; its safety note has no date, so that list lacks it.
    const facts = editor.locator('select[name="overdue"]');
    expect(await facts.inputValue()).toBe("yes");
    expect(await facts.locator("option").allTextContents()).toEqual(
      expect.arrayContaining([t.content.factsOverdue, t.content.practicalOverdue, t.content.safetyOverdue]),
    );
    await editor.goto(`${baseURL()}/admin/content?type=site&overdue=safety`);
    expect(await editor.locator('select[name="overdue"]').inputValue()).toBe("safety");
    expect(await editor.locator(`.ws-table a[href="/admin/content/site/${slug}"]`).count()).toBe(0);

    // The public page, in the editor's language, still shows the status, and says it may be out of date.
    await editor.goto(`${baseURL()}/admin/content/site/${slug}`);
    const live = await editor.getByRole("link", { name: t.content.live }).getAttribute("href");
    const visitor = await open(`${language === "en" ? "" : `/${language}`}${live}`, { width });
    const sentence = visitor.locator(".status-overdue");
    await sentence.scrollIntoViewIfNeeded();
    expect(await sentence.textContent()).toBe(publicText.facts.overdue);
    await expectOnScreen(sentence);
    expect(await visitor.locator(".place-status .status").count()).toBe(1);
  });
});
