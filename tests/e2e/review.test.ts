// The two-person rule as the ministry's staff meet it (decision 031), in English at 1280 px and in Arabic at
// 375 px. An editor turns the rule on in the settings; a second editor's change is submitted and cannot be
// approved by its author; the first sends it back with a comment; fixed and approved, it is public. An admin
// publishes a correction without review, which asks for a reason and shows on the dashboard. An old version is
// compared and brought back, and goes through review again. An outside reviewer's link shows the draft, with no
// cookie, and stops working once its time has passed. The admin turns the rule off again, with a reason.
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { expectAccessible, expectBroughtIntoView, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import pino from "pino";
import { openDatabase } from "../../db/engine.ts";
import { buildDomain } from "../../server/compose.ts";

describe.each([
  ["en", 1280, "citadel-of-damascus"],
  ["ar", 375, "great-mosque-of-aleppo"],
] as const)("review before publishing (%s, %i px)", (language, width, slug) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);
  const itemPath = `/admin/content/site/${slug}`;
  const settingsPath = "/admin/content/settings/all";
  // The refusals this journey provokes are answered 403 and 422, as they should be.
  const allowErrors = [/status of 403/, /status of 422/];
  const account = (role: "editor" | "admin", name: string) =>
    signIn(open, { role, email: `${name}.${language}@example.org`, width, language, sqlitePath: inject("sqlitePath"), allowErrors });

  async function openItem(page: Page, path = itemPath) {
    await page.goto(`${baseURL()}${path}`);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  }
  async function save(page: Page, field: string, value: string) {
    await page.fill(`[name="${field}"]`, value);
    await press(page, page.locator(".ws-content-form > button"));
    await expect.poll(() => page.textContent(".ws-notice.ws-success")).toBe(t.content.done.saved);
  }
  /** Presses a button of the review section and waits for the item page to say it is done. */
  async function step(page: Page, intent: string, done: string) {
    await Promise.all([page.waitForURL(new RegExp(`done=${done}`)), press(page, page.locator(`button[value="${intent}"]`))]);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await expectBroughtIntoView(page, ".ws-notice.ws-success");
  }
  /** The public page's summary (its lead), as a visitor's next request gets it. */
  const publicText = async (page: Page) => {
    const live = await page.getByRole("link", { name: t.content.live }).getAttribute("href");
    const html = await (await fetch(`${baseURL()}${live}`)).text();
    return html.match(/<p class="lead">([\s\S]*?)<\/p>/)?.[1] ?? "";
  };

  it("submits, sends back, approves, publishes now with a reason, restores a version and shows a draft to an outsider", async () => {
    const author = await account("editor", "author");
    const reviewer = await account("editor", "reviewer");
    const reviewerEmail = `reviewer.${language}@example.org`;
    await inviteLongAddressEditor();
    await turnRuleOn(author);
    const original = await submitForReview(author, reviewerEmail);
    await sendBack(reviewer, reviewerEmail);
    await fixAndApprove(author, reviewer, original);
    const admin = await account("admin", "admin");
    await publishNowWithReason(admin, original);
    await restoreVersion(author);
    await showDraftToOutsider(author);
    await restoredThroughReviewThenRuleOff(author, reviewer, admin);
  });

  /** An editor with a long address, among those the author may choose (invited, not yet signed in). */
  async function inviteLongAddressEditor() {
    const handle = openDatabase({ sqlitePath: inject("sqlitePath") });
    await buildDomain(handle, pino({ level: "silent" })).workspace.invite(
      { id: null, email: "test" },
      {
        email: `a.second.reviewer.with.a.long.address.${language}@tourism-ministry.example.org`,
        name: "Long",
        role: "editor",
        languages: [],
      },
    );
    await handle.close();
  }

  /** The ministry turns the rule on: the settings saved and published while it is still off. */
  async function turnRuleOn(author: Page) {
    await openItem(author, settingsPath);
    await author.check('[name="reviewBeforePublish"]');
    await press(author, author.locator(".ws-content-form > button"));
    await expect.poll(() => author.textContent(".ws-notice.ws-success")).toBe(t.content.done.saved);
    await Promise.all([author.waitForURL(/done=published/), press(author, author.locator('button[value="publish"]'))]);
    // (The address changes as the page's new data comes: its text follows in the same moment.)
    await expect.poll(() => author.textContent("#review + p")).toBe(t.review.ruleOn);
  }

  /**
   * The author's change: no publish button any more, only review; and nobody approves their own change. Returns
   * the summary as it was before the change.
   */
  async function submitForReview(author: Page, reviewerEmail: string) {
    await openItem(author);
    const original = await author.inputValue('[name="summary.en"]');
    await save(author, "summary.en", `${original} Its gate faces the souq.`);
    expect(await author.locator('button[value="publish"]').count()).toBe(0);
    const byReview = author.getByText(t.review.publishByReview);
    await byReview.scrollIntoViewIfNeeded();
    await expectOnScreen(byReview);
    // The reviewer's choice lists every account that may publish, by address: it never widens the page.
    expect(await author.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await author.selectOption("#reviewer", reviewerEmail);
    await author.fill("#submit-note", "The gate's position, from the ministry's survey.");
    await step(author, "submit", "submitted");
    expect(await author.textContent(".ws-notice.ws-success")).toBe(t.content.done.submitted);
    expect(await author.locator('button[value="approve"]').count()).toBe(0);
    const yours = author.getByText(t.review.yours);
    await yours.scrollIntoViewIfNeeded();
    await expectOnScreen(yours);
    const revision = await author.inputValue('.ws-content-form [name="revision"]');
    const selfApproval = await author.evaluate(
      async ({ path, revision }) =>
        (await fetch(`${path}/review`, { method: "POST", body: new URLSearchParams({ intent: "approve", revision, note: "" }) })).status,
      { path: itemPath, revision },
    );
    expect(selfApproval).toBe(403);
    await expect.poll(() => publicText(author)).not.toContain("Its gate faces the souq.");
    return original;
  }

  /** The reviewer finds it on the dashboard, for them, and sends it back: first without a comment, refused. */
  async function sendBack(reviewer: Page, reviewerEmail: string) {
    await openItem(reviewer, "/admin");
    const waiting = reviewer.locator('section[aria-labelledby="waiting"] li', { hasText: reviewerEmail.replace("reviewer", "author") });
    expect(await waiting.textContent()).toContain(t.review.listForYou.replace("{by}", `author.${language}@example.org`));
    await expectAccessible(reviewer);
    await Promise.all([reviewer.waitForURL(new RegExp(`${itemPath}#review$`)), press(reviewer, waiting.locator("a"))]);
    await reviewer.waitForSelector("html[data-hydrated]", { state: "attached" });
    await Promise.all([reviewer.waitForURL(/\/review$/), press(reviewer, reviewer.locator('button[value="return"]'))]);
    await expectOnScreen(reviewer.getByText(t.content.refused.invalid));
    expect(await reviewer.textContent(".ws-error")).toContain(t.content.fields.reviewNote);
    await openItem(reviewer);
    await reviewer.fill("#review-note", "Say which gate: the citadel has several.");
    await step(reviewer, "return", "returned");
    await expectAccessible(reviewer);
    await reviewer
      .locator('section[aria-labelledby="review"]')
      .screenshot({ path: `test-results/review-returned-${language}${width}.png` });
  }

  /** Fixed and submitted again, for anyone; the reviewer approves: public, and the notes are kept in order. */
  async function fixAndApprove(author: Page, reviewer: Page, original: string) {
    await openItem(author);
    expect(await author.locator("#review ~ ol").textContent()).toContain("Say which gate: the citadel has several.");
    await save(author, "summary.en", `${original} Its Bab al-Hadid gate faces the souq.`);
    await step(author, "submit", "submitted");
    await openItem(reviewer);
    await step(reviewer, "approve", "approved");
    expect(await reviewer.textContent(".ws-notice.ws-success")).toBe(t.content.done.approved);
    await expect.poll(() => publicText(reviewer)).toContain("Its Bab al-Hadid gate faces the souq.");
    expect(await reviewer.locator("#review ~ ol li strong").allTextContents()).toEqual([
      t.review.kinds.submitted,
      t.review.kinds.returned,
      t.review.kinds.submitted,
      t.review.kinds.approved,
    ]);
  }

  /** An admin's correction without review: the reason is required, kept, and listed on the dashboard. */
  async function publishNowWithReason(admin: Page, original: string) {
    await openItem(admin);
    await save(admin, "summary.en", `${original} Closed for repairs this week.`);
    const publishNow = admin.locator('button[value="publish"]');
    expect(await publishNow.textContent()).toBe(t.review.publishNow);
    await press(admin, publishNow);
    expect(await admin.locator("#reason").evaluate((e: HTMLTextAreaElement) => e.validity.valueMissing)).toBe(true);
    expect(new URL(admin.url()).pathname).toBe(itemPath);
    const reason = "The citadel closed this morning; visitors must know today.";
    await admin.fill("#reason", reason);
    await Promise.all([admin.waitForURL(/done=published/), press(admin, publishNow)]);
    await expect.poll(() => publicText(admin)).toContain("Closed for repairs this week.");
    await openItem(admin, "/admin");
    const now = admin.locator('section[aria-labelledby="published-now"] li').first();
    await now.scrollIntoViewIfNeeded();
    await expectOnScreen(now);
    expect(await now.textContent()).toContain(reason);
  }

  /** Version 1 (the approved text) compared with the draft and brought back: a change like any other, reviewed. */
  async function restoreVersion(author: Page) {
    await openItem(author, `${itemPath}/versions?from=1`);
    const change = author.locator("#versions-changes + .ws-change");
    // (What version 1 said and the draft no longer does is struck out; what the draft added is inserted.)
    expect((await change.locator("del").allTextContents()).join(" ")).toContain("Bab al-Hadid");
    expect((await change.locator("ins").allTextContents()).join(" ")).toContain("Closed for repairs");
    await Promise.all([author.waitForURL(/done=version-restored/), press(author, author.locator("#versions-restore button"))]);
    await author.waitForSelector("html[data-hydrated]", { state: "attached" });
    expect(await author.inputValue('[name="summary.en"]')).toContain("Bab al-Hadid");
    expect(await author.locator('button[value="publish"]').count()).toBe(0);
  }

  /** An outside reviewer's link: the draft, not the site; no cookie; nothing kept or indexed; then its time passes. */
  async function showDraftToOutsider(author: Page) {
    await Promise.all([author.waitForURL(/\/review$/), press(author, author.locator('button[value="link"]'))]);
    const link = (await author.textContent(".ws-link"))!.trim();
    const outsider = await open(new URL(link).pathname, { width, allowErrors: [/status of 404/] });
    expect(await outsider.textContent("main")).toContain("Its Bab al-Hadid gate faces the souq.");
    expect(await outsider.context().cookies()).toEqual([]);
    const answer = await fetch(link.replace(new URL(link).origin, baseURL()));
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex");
    await outsider.screenshot({ path: `test-results/review-outside-${language}${width}.png` });
    // Two days later (the link's end moved into the past in the server's database): a plain page says so.
    const database = openDatabase({ sqlitePath: inject("sqlitePath") });
    await database.db.updateTable("review_links").set({ expires_at: "2000-01-01T00:00:00.000Z" }).where("slug", "=", slug).execute();
    await database.close();
    const gone = await outsider.goto(link.replace(new URL(link).origin, baseURL()));
    expect(gone?.status()).toBe(404);
    expect(await outsider.textContent("h1")).toBe(workspaceMessages("en").review.linkGone);
  }

  /** The restored text goes public through review; then the admin turns the rule off, with a reason. */
  async function restoredThroughReviewThenRuleOff(author: Page, reviewer: Page, admin: Page) {
    await openItem(author);
    await step(author, "submit", "submitted");
    await openItem(reviewer);
    await step(reviewer, "approve", "approved");
    await expect.poll(() => publicText(reviewer)).toContain("Its Bab al-Hadid gate faces the souq.");
    expect(await publicText(reviewer)).not.toContain("Closed for repairs");
    await openItem(admin, settingsPath);
    await admin.uncheck('[name="reviewBeforePublish"]');
    await press(admin, admin.locator(".ws-content-form > button"));
    await expect.poll(() => admin.textContent(".ws-notice.ws-success")).toBe(t.content.done.saved);
    await admin.fill("#reason", "The review journey's test is over.");
    await Promise.all([admin.waitForURL(/done=published/), press(admin, admin.locator('button[value="publish"]'))]);
    await expect.poll(() => admin.textContent("#review + p")).toBe(t.review.ruleOff);
  }
});
