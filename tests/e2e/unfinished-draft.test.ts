// A half-written draft, as an editor meets it in English at 1280 px and in Arabic at 375 px: what the site needs
// is marked before anything is saved; a new site with little more than its name and empty coordinates is kept;
// coming back to it from the list, every problem is named at once, beside its field and in a list at the top
// whose links lead to each field; publishing and previewing it are refused, saying what is left to do.
import { describe, expect, inject, it } from "vitest";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, expectBroughtIntoView, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";

describe.each([
  ["en", 1280],
  ["ar", 375],
] as const)("a half-written draft (%s, %i px)", (language, width) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);

  it("is kept, names every problem at once beside its field, and is neither published nor previewed", async () => {
    const editor = await signIn(open, {
      role: "editor",
      email: `unfinished.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
      allowErrors: [/status of 422/],
    });
    await editor.goto(`${baseURL()}/admin/content/site/new`);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    // Marked before the first save: what the site needs (the name, the coordinates), not what it may lack.
    const needed = editor.locator("#f-name > legend .ws-needed");
    await needed.scrollIntoViewIfNeeded();
    await expectOnScreen(needed);
    expect(await editor.locator('label[for="f-coordinates-lat"] .ws-needed').textContent()).toBe(t.content.needed);
    expect(await editor.locator("#f-safety > legend .ws-needed").count()).toBe(0);
    expect(await editor.locator("[required]:not(#f-slug)").count()).toBe(0);

    const slug = `half-written-khan-${language}`;
    const name = `Khan still being written ${language}`;
    await editor.fill("#f-slug", slug);
    await editor.fill('[name="name.en"]', name);
    await Promise.all([editor.waitForURL(/done=created/), press(editor, editor.locator(".ws-content-form > button"))]);
    await expectBroughtIntoView(editor, ".ws-notice.ws-success");

    // Later, from the list, found by its name.
    await editor.goto(`${baseURL()}/admin/content?type=site&q=${encodeURIComponent(name)}`);
    await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
    await Promise.all([
      editor.waitForURL(new RegExp(`/admin/content/site/${slug}$`)),
      press(editor, editor.locator(".ws-table tbody a").first()),
    ]);
    await editor.waitForSelector(".ws-content-form");
    const links = editor.locator("#to-publish + ul a");
    await expectOnScreen(links.first());
    const targets = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const field of [
      "#f-category",
      "#f-city",
      "#f-coordinates-lat",
      "#f-coordinates-lng",
      "#f-popularity",
      "#f-summary-en",
      "#f-information-en",
      "#f-images",
    ])
      expect(targets, field).toContain(field);
    // Every problem is also beside its field: the empty coordinates beside their own inputs.
    for (const field of ["f-coordinates-lat", "f-coordinates-lng", "f-summary-en"]) {
      const problem = editor.locator(`#${field}-problem`);
      await problem.scrollIntoViewIfNeeded();
      await expectOnScreen(problem);
      expect(await problem.textContent()).toBe(t.content.problems.required);
      expect(await editor.getAttribute(`#${field}`, "aria-invalid")).toBe("true");
    }
    // A link of the list leads to its field.
    await editor.evaluate(() => window.scrollTo(0, 0));
    await press(editor, links.filter({ hasText: t.content.fields.lng }));
    await expectOnScreen(editor.locator("#f-coordinates-lng"));
    await expectAccessible(editor);
    expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await editor.screenshot({ path: `test-results/unfinished-draft-${language}${width}.png`, fullPage: true });

    // Publishing is refused with the same list, whose links lead back to the item's fields.
    const publish = editor.locator('button[value="publish"]');
    await Promise.all([editor.waitForURL(/\/publish$/), press(editor, publish)]);
    const refused = editor.locator(".ws-notice.ws-error");
    await refused.waitFor();
    expect(await refused.locator("p").first().textContent()).toBe(t.content.refused.unfinished);
    expect(await refused.locator("a").first().getAttribute("href")).toMatch(new RegExp(`^/admin/content/site/${slug}#f-`));
    await expectAccessible(editor);
    const preview = await editor.request.get(`${baseURL()}/admin/preview/site/${slug}?lang=${language}`);
    expect(preview.status()).toBe(409);
    expect(await preview.text()).toContain(t.errors.unfinished);
  });
});
