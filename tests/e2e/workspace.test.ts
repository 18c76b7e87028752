// The editorial workspace as its people meet it, in a real browser, in English and in Arabic: the first
// admin comes from the command, sets a password through the one-time link, must turn on two-step
// verification, signs in again with a code, invites an editor and a translator, and reads the audit log;
// the invitees get their invitations by mail, set their passwords and see what their roles allow.
import { describe, expect, inject, it } from "vitest";
import { baseURL, expectOnScreen, useBrowser } from "./browser.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { adminCreate, expectAccessible, freshCode, press } from "./workspace-steps.ts";
import { mailTo } from "./mail.ts";
import { openDatabase } from "../../db/engine.ts";
import { contactRepository } from "../../db/repositories/contact.ts";
import { photo } from "../fixtures/uploads.ts";

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

    // An admin must turn on two-step verification before anything else.
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
    await page.waitForSelector('#two-factor [role="alert"], #two-factor .ws-problem');
    expect((await page.textContent(".ws-key"))!.trim()).toBe(secret);
    expect(await page.locator(".ws-codes li").allTextContents()).toEqual(codes);
    await page.locator(".ws-codes li").first().scrollIntoViewIfNeeded();
    await expectOnScreen(page.locator(".ws-codes li").first());
    await page.fill("#code", await freshCode(secret));
    await Promise.all([page.waitForURL(/done=two-factor/), press(page, page.locator("#two-factor form button"))]);
    await expectOnScreen(page.locator(".ws-notice.ws-success"));

    // Sign out, and in again: now with the code.
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

    // Invite an editor and a translator (French), each in the workspace's language of this run: the invitation
    // arrives by mail in that language (the server sends through a local mail server), and is shown here too.
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

    // The translator sets a password and finds neither the accounts nor the audit log.
    const translator = await open(`${links[1]}?lang=${language}`, { width, allowErrors: [/status of 403/] });
    await translator.fill("#password", "lemon trees in the courtyard");
    await translator.fill("#confirmation", "lemon trees in the courtyard");
    await Promise.all([translator.waitForURL(/sign-in/), translator.locator("main form button").click()]);
    await translator.fill("#email", `translator.${tag}@example.org`);
    await translator.fill("#password", "lemon trees in the courtyard");
    await Promise.all([translator.waitForURL(`${baseURL()}/admin`), translator.locator("main form button").click()]);
    expect(await translator.locator('.ws-nav a[href="/admin/accounts"]').count()).toBe(0);
    const refused = await translator.goto(`${baseURL()}/admin/accounts`);
    expect(refused?.status()).toBe(403);

    // The audit log lists every step, newest first.
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
  });
});

// Every form of the workspace against what a person or a script may send it: a body that is not a form,
// missing or wrong fields, an unknown intent. Each gets a clear refusal, never a 5xx or a stack trace.
describe("workspace forms with bad input", () => {
  const origin = () => new URL(baseURL()).origin;
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  async function post(path: string, body: Record<string, string> | string, cookie = "") {
    const json = typeof body === "string";
    const res = await fetch(baseURL() + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: origin(),
        "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
      },
      body: json ? body : new URLSearchParams(body).toString(),
    });
    const text = await res.text();
    expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
    expect(text).not.toMatch(/\n\s+at [\w.<>]+ \(|node_modules/);
    return { res, text };
  }

  it("refuses each with its status and, where a field is wrong, its message", async () => {
    const en = workspaceMessages("en");
    const password = "figs and pistachios in june";
    const email = "input.check@example.org";
    const invitation = adminCreate(email, { SQLITE_PATH: inject("sqlitePath") });
    expect((await post(invitation, '{"password":"x"}')).res.status).toBe(415);
    expect((await post(invitation, { password: "short", confirmation: "short" })).text).toContain(en.problems.password.tooShort);
    expect((await post("/admin/invitation/not-a-real-token", { password, confirmation: password })).res.status).toBe(400);
    expect((await post(invitation, { password, confirmation: password })).res.status).toBe(303);

    expect((await post("/admin/sign-in", "{}")).res.status).toBe(415);
    expect((await post("/admin/sign-in", {})).res.status).toBe(401);
    expect((await post("/admin/two-factor", { code: "not a code" })).res.status).toBe(401);

    // The admin turns on two-step verification, as an admin must before using the other pages.
    let cookie = cookieOf((await post("/admin/sign-in", { email, password })).res);
    expect((await post("/admin/account", "{}", cookie)).res.status).toBe(415);
    expect((await post("/admin/account", { intent: "nothing" }, cookie)).res.status).toBe(400);
    expect((await post("/admin/account", { intent: "two-factor-start", password: "not it" }, cookie)).text).toContain(
      en.problems.password.wrong,
    );
    const started = await post("/admin/account", { intent: "two-factor-start", password }, cookie);
    const secret = started.text.match(/class="ws-key"[^>]*>([A-Z2-7]+)</)![1];
    // A wrong code, posted as the page's form posts it: the key and the backup codes are still shown, so
    // someone who mistyped once can still note them.
    const hidden = (name: string) => started.text.match(new RegExp(`name="${name}" value="([^"]*)"`))![1]!;
    const codes = hidden("backupCodes").split(" ");
    expect(codes.length).toBeGreaterThanOrEqual(8);
    const wrong = await post(
      "/admin/account",
      { intent: "two-factor-confirm", code: "000000", totpURI: hidden("totpURI").replace(/&amp;/g, "&"), backupCodes: codes.join(" ") },
      cookie,
    );
    expect(wrong.text).toContain(en.problems.code.wrong);
    expect(wrong.text).toContain(secret);
    for (const code of codes) expect(wrong.text).toContain(`<code>${code}</code>`);
    cookie = cookieOf((await post("/admin/account", { intent: "two-factor-confirm", code: await freshCode(secret) }, cookie)).res);

    expect(
      (await post("/admin/account", { intent: "password", current: "wrong", password: "x", confirmation: "y" }, cookie)).res.status,
    ).toBe(400);
    expect((await post("/admin/account", { intent: "language", language: "xx" }, cookie)).res.status).toBe(400);
    // A new language shows at once: the answer is a new page, read in that language.
    const toArabic = await post("/admin/account", { intent: "language", language: "ar" }, cookie);
    expect(toArabic.res.status).toBe(303);
    const inArabic = await (await fetch(new URL(toArabic.res.headers.get("location")!, baseURL()), { headers: { cookie } })).text();
    expect(inArabic).toContain('lang="ar"');
    expect(inArabic).toContain(workspaceMessages("ar").account.language.done);
    expect((await post("/admin/account", { intent: "language", language: "en" }, cookie)).res.status).toBe(303);
    expect((await post("/admin/accounts", "{}", cookie)).res.status).toBe(415);
    expect((await post("/admin/accounts", { intent: "nothing" }, cookie)).res.status).toBe(400);
    const invite = await post("/admin/accounts", { intent: "invite", name: "Nour", email: "not-an-email", role: "editor" }, cookie);
    expect(invite.res.status).toBe(400);
    expect(invite.text).toContain(en.problems.email.invalid);
    expect(
      (await post("/admin/accounts", { intent: "invite", name: "Nour", email: "nour@example.org", role: "owner" }, cookie)).text,
    ).toContain(en.problems.role.invalid);
    expect((await post("/admin/accounts", { intent: "role", id: "no-such-account", role: "editor" }, cookie)).res.status).toBe(400);
    expect((await post("/admin/accounts", { intent: "reset", id: "no-such-account" }, cookie)).res.status).toBe(400);

    // The content forms: a body that is not a form, an unknown kind or item, missing fields, a stale
    // revision, an unknown intent, a time that is not one.
    expect((await post("/admin/content/site/new", "{}", cookie)).res.status).toBe(415);
    const empty = await post("/admin/content/site/new", { slug: "" }, cookie);
    expect(empty.res.status).toBe(422);
    expect(empty.text).toContain(en.content.refused.invalid);
    expect(empty.text).toContain(en.content.problems.required);
    // Empty coordinates are named beside their own inputs, not only in the notice at the top.
    for (const field of ["f-coordinates-lat", "f-coordinates-lng"]) {
      expect(empty.text).toContain(`id="${field}-problem"`);
      expect(empty.text).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    }
    expect((await post("/admin/content/no-such-kind/new", { slug: "x" }, cookie)).res.status).toBe(404);
    expect((await post("/admin/content/gallery/new", { slug: "x" }, cookie)).res.status).toBe(409);
    expect((await post("/admin/content/city/no-such-city", { revision: "1" }, cookie)).res.status).toBe(404);
    // (A half-written draft is kept; a value of the wrong kind is not.)
    expect((await post("/admin/content/city/damascus", { revision: "1", radiusKm: "far" }, cookie)).res.status).toBe(422);
    expect((await post("/admin/content/city/damascus/publish", { intent: "nothing", revision: "1" }, cookie)).res.status).toBe(400);
    const stale = await post("/admin/content/city/damascus/publish", { intent: "publish", revision: "999" }, cookie);
    expect(stale.res.status).toBe(409);
    expect(stale.text).toContain(en.content.refused.conflict);
    const badTime = await post("/admin/content/city/damascus/publish", { intent: "schedule", revision: "1", publishAt: "soon" }, cookie);
    expect(badTime.res.status).toBe(422);
    expect(badTime.text).toContain(en.content.refused.invalid);
    // The list's bulk action: not a form, an unknown intent, an item without its revision, nothing selected, an
    // unknown kind, a time that is not one, and items that do not exist (each refused, named, nothing done).
    expect((await post("/admin/content?type=site", "{}", cookie)).res.status).toBe(415);
    expect((await post("/admin/content?type=site", { type: "site", intent: "nothing", item: "souq@1" }, cookie)).res.status).toBe(400);
    expect((await post("/admin/content?type=site", { type: "site", intent: "publish", item: "souq" }, cookie)).res.status).toBe(400);
    const none = await post("/admin/content?type=site", { type: "site", intent: "publish" }, cookie);
    expect(none.res.status).toBe(422);
    expect(none.text).toContain(en.content.refused.invalid);
    expect((await post("/admin/content?type=site", { type: "no-such-kind", intent: "publish", item: "x@1" }, cookie)).res.status).toBe(404);
    const bulkTime = await post("/admin/content?type=site", { type: "site", intent: "schedule", item: "x@1", publishAt: "soon" }, cookie);
    expect(bulkTime.res.status).toBe(422);
    const missing = await post("/admin/content?type=site", { type: "site", intent: "publish", item: "no-such-place@1" }, cookie);
    expect(missing.res.status).toBe(422);
    expect(missing.text).toContain(en.content.bulk.refused.publish.replace("{count}", "1"));
    expect(missing.text).toContain(en.content.refused["not-found"]);
    // An old version brought back: one that is not a version, an item that is not one.
    expect((await post("/admin/content/city/damascus/versions", "{}", cookie)).res.status).toBe(415);
    expect((await post("/admin/content/city/damascus/versions", { version: "abc", revision: "1" }, cookie)).res.status).toBe(404);
    expect((await post("/admin/content/city/damascus/versions", { version: "999", revision: "1" }, cookie)).res.status).toBe(404);
    expect((await post("/admin/content/city/no-such-city/versions", { version: "1", revision: "1" }, cookie)).res.status).toBe(404);
    expect((await fetch(`${baseURL()}/admin/content/city/no-such-city/versions`, { headers: { cookie } })).status).toBe(404);
    // The links report: not a form, an unknown intent, a link never checked, no link at all.
    expect((await post("/admin/links", "{}", cookie)).res.status).toBe(415);
    expect((await post("/admin/links", { intent: "delete-everything" }, cookie)).res.status).toBe(400);
    expect((await post("/admin/links", { intent: "mark", url: "https://never.checked.example.org/" }, cookie)).res.status).toBe(404);
    expect((await post("/admin/links", { intent: "unmark" }, cookie)).res.status).toBe(404);
    const preview = await fetch(`${baseURL()}/admin/preview/city/no-such-city`, { headers: { cookie } });
    expect(preview.status).toBe(404);
    expect(await preview.text()).toContain(en.errors.notFound);

    // The media library's upload: not a form, no file (answered as JSON to the page's script, and sent back
    // to the library with the reason without one), a photograph without its credit, one still shown.
    const upload = async (form: FormData) => {
      const res = await fetch(`${baseURL()}/admin/media/upload`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: origin(), cookie, accept: "application/json" },
        body: form,
      });
      expect(res.status).toBeLessThan(500);
      return { status: res.status, body: await res.json() };
    };
    expect((await post("/admin/media/upload", "{}", cookie)).res.status).toBe(415);
    const withoutFile = new FormData();
    withoutFile.set("slug", "no-file");
    expect(await upload(withoutFile)).toEqual({ status: 400, body: { code: "no-file" } });
    const noScript = await post("/admin/media/upload", { slug: "no-file" }, cookie);
    expect(noScript.res.status).toBe(303);
    expect(noScript.res.headers.get("location")).toBe("/admin/media?kind=picture&refused=no-file");
    const withoutCredit = new FormData();
    withoutCredit.set("file", new Blob([photo()], { type: "image/jpeg" }), "krak.jpg");
    for (const [name, value] of Object.entries({ slug: "no-credit", "alt.en": "A castle", "caption.en": "A castle", licence: "CC0-1.0" }))
      withoutCredit.set(name, value);
    const refused = await upload(withoutCredit);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "invalid", problems: [{ field: "credit", code: "required" }] });
    const shown = await post("/admin/content/picture/krak-des-chevaliers", { intent: "delete", revision: "1" }, cookie);
    expect(shown.res.status).toBe(409);
    expect(shown.text).toContain(en.content.refused["in-use"]);

    // A video's captions: no file, a video that is not there, a language that is not one, each answered with
    // its code; a form posted without the page's script is sent back to the video with the reason.
    const captions = async (fields: Record<string, string>, file?: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (file !== undefined) form.set("file", new Blob([file], { type: "text/vtt" }), "captions.vtt");
      const res = await fetch(`${baseURL()}/admin/media/captions`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: origin(), cookie, accept: "application/json" },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    };
    const cue = "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n";
    expect(await captions({ video: "no-such-video", language: "en", revision: "1" })).toEqual({ status: 400, body: { code: "no-file" } });
    expect(await captions({ video: "no-such-video", language: "en", revision: "1" }, cue)).toMatchObject({
      status: 404,
      body: { code: "not-found" },
    });
    expect(await captions({ video: "no-such-video", language: "xx", revision: "1" }, cue)).toMatchObject({
      status: 422,
      body: { code: "invalid" },
    });
    const captionsNoScript = await post("/admin/media/captions", { video: "no-such-video", language: "en", revision: "1" }, cookie);
    expect(captionsNoScript.res.status).toBe(303);
    expect(captionsNoScript.res.headers.get("location")).toBe("/admin/content/video/no-such-video?refused=no-file");

    // The inbox: a message that is not there, a state that is not one, a body that is not a form.
    const handle = openDatabase({ sqlitePath: inject("sqlitePath") });
    const id = await contactRepository(handle.db)
      .insert(
        { name: "Test", email: "test@example.org", subject: "A question", message: "A question about Bosra.", language: "en" },
        "not-configured",
      )
      .finally(() => handle.close());
    expect((await post("/admin/inbox/not-a-number", { status: "answered" }, cookie)).res.status).toBe(404);
    expect((await post("/admin/inbox/999999999", { status: "answered" }, cookie)).res.status).toBe(404);
    expect((await post(`/admin/inbox/${id}`, { status: "deleted" }, cookie)).res.status).toBe(400);
    expect((await post(`/admin/inbox/${id}`, "{}", cookie)).res.status).toBe(415);
  });
});
