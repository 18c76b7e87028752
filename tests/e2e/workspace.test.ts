// The editorial workspace as its people meet it, in a real browser, in English and in Arabic: the first
// admin comes from the command, sets a password through the one-time link, must turn on two-step
// verification, signs in again with a code, invites an editor and a translator, and reads the audit log;
// the invitees get their invitations by mail, set their passwords and see what their roles allow.
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { adminCreate, expectAccessible, freshCode, press } from "./workspace-steps.ts";
import { mailTo } from "./mail.ts";
import {
  accountFormsRefuse,
  adminThroughRefusals,
  bulkActionAndVersionsRefuse,
  captionsRefuse,
  contentFormsRefuse,
  inboxRefuses,
  linksReportAndPreviewRefuse,
  mediaUploadRefuses,
} from "./workspace-forms-steps.ts";

// Each language at a phone's width and a desktop's: every button is pressed where a person sees it.
describe.each([
  ["en", 1280],
  ["en", 375],
  ["ar", 375],
  ["ar", 1280],
] as const)("editorial workspace in %s at %i px", (language, width) => {
  const { open } = useBrowser();
  it("takes the first admin from the command to two-step sign-in, then invites an editor and a translator", async () => {
    // Addresses differ per run of the journey: the accounts all live in the one test server.
    const tag = `${language}${width}`;
    const email = `lama.${tag}@example.org`;
    const password = "jasmine over the old city";
    const invitation = adminCreate(email, { SQLITE_PATH: inject("sqlitePath") });
    // The wrong codes below are answered 401 (signing in) and 400 (turning two-step verification on), as they should be.
    const page = await open(`${invitation}?lang=${language}`, { width, allowErrors: [/status of 401/, /status of 400/] });
    await setPasswordAndSignIn(page, email, password);
    const secret = await turnOnTwoStep(page, password);
    await signInAgainWithCode(page, email, password, secret);
    const links = await inviteEditorAndTranslator(page, tag);
    await translatorFindsNoAccounts(links[1]!, tag);
    await auditLogListsEveryStep(page, tag);
  });

  /** The invitation's page in the run's language: a password set, then signing in with it. */
  async function setPasswordAndSignIn(page: Page, email: string, password: string) {
    expect(await page.getAttribute("html", "dir")).toBe(language === "ar" ? "rtl" : "ltr");
    expect(await page.getAttribute("html", "lang")).toBe(language);
    // No cookie before signing in, and none for the public site at any time.
    expect(await page.context().cookies()).toEqual([]);
    await expectAccessible(page);

    await page.fill("#password", password);
    await page.fill("#confirmation", password);
    await Promise.all([page.waitForURL(/\/admin\/sign-in\?password-set/), page.locator("main form button").click()]);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await expectAccessible(page);
    await page.fill("#email", email);
    await page.fill("#password", password);
    await Promise.all([page.waitForURL(/\/admin\/account/), press(page, page.locator("main form button"))]);
  }

  /** An admin must turn on two-step verification before anything else. */
  async function turnOnTwoStep(page: Page, password: string): Promise<string> {
    const session = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"))!;
    expect(session).toMatchObject({ path: "/admin", httpOnly: true, sameSite: "Strict" });
    await page.goto(`${baseURL()}/admin/accounts`);
    expect(new URL(page.url()).pathname).toBe("/admin/account");
    await page.fill("#password", password);
    await Promise.all([page.waitForSelector(".ws-key"), press(page, page.locator("#two-factor form button"))]);
    const secret = (await page.textContent(".ws-key"))!.trim();
    expect(await page.locator(".ws-codes li").count()).toBeGreaterThanOrEqual(8);
    await expectAccessible(page);
    // A mistyped code is refused, and the key and the backup codes stay on screen to be noted.
    const codes = await page.locator(".ws-codes li").allTextContents();
    await page.fill("#code", "000000");
    await press(page, page.locator("#two-factor form button"));
    // The code's own problem, which only the answer to the post has: the section's notice that two-step is
    // required is an alert already, and waiting for any alert raced the page's navigation.
    await page.waitForSelector("#two-factor #code-problem");
    expect((await page.textContent(".ws-key"))!.trim()).toBe(secret);
    expect(await page.locator(".ws-codes li").allTextContents()).toEqual(codes);
    await page.locator(".ws-codes li").first().scrollIntoViewIfNeeded();
    await expectOnScreen(page.locator(".ws-codes li").first());
    await page.fill("#code", await freshCode(secret));
    await Promise.all([page.waitForURL(/done=two-factor/), press(page, page.locator("#two-factor form button"))]);
    await expectOnScreen(page.locator(".ws-notice.ws-success"));
    return secret;
  }

  /** Sign out, and in again: now with the code. */
  async function signInAgainWithCode(page: Page, email: string, password: string, secret: string) {
    await Promise.all([page.waitForURL(/\/admin\/sign-in/), page.locator(".ws-header form button").click()]);
    expect((await page.context().cookies()).filter((c) => c.name.endsWith("session_token"))).toEqual([]);
    await page.fill("#email", email);
    await page.fill("#password", password);
    await Promise.all([page.waitForURL(/\/admin\/two-factor/), page.locator("main form button").click()]);
    await page.fill("#code", "000000");
    await page.locator("main form button").click();
    await expectOnScreen(page.locator('[role="alert"]'));
    await page.fill("#code", await freshCode(secret));
    await Promise.all([page.waitForURL(`${baseURL()}/admin`), page.locator("main form button").click()]);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    expect(await page.textContent("main h1")).toContain("Lama Haddad");
    // The dashboard names the credits still to be confirmed before launch: the Aleppo photograph's, from its note.
    const toConfirm = page.locator('section[aria-labelledby="credits-to-confirm"]');
    expect(await toConfirm.locator("h2").textContent()).toBe(workspaceMessages(language).dashboard.creditsToConfirm);
    const aleppo = toConfirm.locator('a[href="/admin/content/picture/aleppo-citadel"]');
    await aleppo.scrollIntoViewIfNeeded();
    await expectOnScreen(aleppo);
    expect(await toConfirm.textContent()).toContain("Memorino");
    await page.screenshot({ path: `test-results/workspace-dashboard-${language}-${width}.png`, fullPage: true });
  }

  /**
   * Invite an editor and a translator (French), each in the workspace's language of this run: the invitation
   * arrives by mail in that language (the server sends through a local mail server), and is shown here too.
   */
  async function inviteEditorAndTranslator(page: Page, tag: string): Promise<string[]> {
    await press(page, page.locator('.ws-nav a[href="/admin/accounts"]'));
    await page.waitForURL(/\/admin\/accounts$/);
    const links: string[] = [];
    for (const [who, role, languages] of [
      [`editor.${tag}@example.org`, "editor", []],
      [`translator.${tag}@example.org`, "translator", ["fr"]],
    ] as const) {
      await page.fill("#name", who.split("@")[0]);
      await page.fill("#email", who);
      await page.selectOption("#invite-role", role);
      await page.selectOption("#invite-ui-language", language);
      for (const l of languages) await page.check(`#invite-language-${l}`);
      await Promise.all([page.waitForSelector(".ws-link"), page.locator("#invite-title + form button").click()]);
      expect(await page.locator('.ws-notice[role="status"] p').first().textContent()).toBe(
        workspaceMessages(language).accounts.invite.mailed.replace("{email}", who),
      );
      const shown = new URL((await page.textContent(".ws-link"))!.trim()).pathname;
      const mail = await mailTo(who);
      expect(mail.subject).toBe(workspaceMessages(language).accounts.invite.mail.subject);
      const mailed = new URL(mail.text!.match(/https?:\/\/\S+\/admin\/invitation\/\S+/)![0]).pathname;
      expect(mailed).toBe(shown);
      links.push(mailed);
      await page.goto(`${baseURL()}/admin/accounts`);
    }
    await expectAccessible(page);
    const rows = page.locator(".ws-table tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    return links;
  }

  /** The translator sets a password and finds neither the accounts nor the audit log. */
  async function translatorFindsNoAccounts(link: string, tag: string) {
    const translator = await open(`${link}?lang=${language}`, { width, allowErrors: [/status of 403/] });
    await translator.fill("#password", "lemon trees in the courtyard");
    await translator.fill("#confirmation", "lemon trees in the courtyard");
    await Promise.all([translator.waitForURL(/sign-in/), translator.locator("main form button").click()]);
    await translator.fill("#email", `translator.${tag}@example.org`);
    await translator.fill("#password", "lemon trees in the courtyard");
    await Promise.all([translator.waitForURL(`${baseURL()}/admin`), translator.locator("main form button").click()]);
    expect(await translator.locator('.ws-nav a[href="/admin/accounts"]').count()).toBe(0);
    const refused = await translator.goto(`${baseURL()}/admin/accounts`);
    expect(refused?.status()).toBe(403);
  }

  /** The audit log lists every step, newest first. */
  async function auditLogListsEveryStep(page: Page, tag: string) {
    await page.goto(`${baseURL()}/admin/audit`);
    // The language the invitation was opened in stays the account's: the workspace speaks it after sign-in.
    expect(await page.getAttribute("html", "dir")).toBe(language === "ar" ? "rtl" : "ltr");
    expect(await page.textContent("main h1")).toBe(workspaceMessages(language).audit.title);
    const log = (await page.textContent(".ws-table"))!;
    for (const action of ["account.invite", "account.password-set", "two-factor.enabled", "sign-in.password", "sign-in", "sign-out"]) {
      expect(log, action).toContain(action);
    }
    expect(log).toContain(`translator.${tag}@example.org`);
    await expectAccessible(page);
    // For a person to look at (kept out of git: every run would change it).
    await page.screenshot({ path: `test-results/workspace-audit-${language}-${width}.png`, fullPage: true });
  }
});

// Every form of the workspace against what a person or a script may send it: a body that is not a form,
// missing or wrong fields, an unknown intent. Each gets a clear refusal, never a 5xx or a stack trace.
describe("workspace forms with bad input", () => {
  it("refuses each with its status and, where a field is wrong, its message", async () => {
    const cookie = await adminThroughRefusals();
    await accountFormsRefuse(cookie);
    await contentFormsRefuse(cookie);
    await bulkActionAndVersionsRefuse(cookie);
    await linksReportAndPreviewRefuse(cookie);
    await mediaUploadRefuses(cookie);
    await captionsRefuse(cookie);
    await inboxRefuses(cookie);
  });
});
