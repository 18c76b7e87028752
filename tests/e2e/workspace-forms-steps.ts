// The steps of the workspace's bad-input test: each form of the workspace sent what a person or a script may
// send it, as the server's own posts, with the signed-in admin's cookie the first step returns.
import { expect, inject } from "vitest";
import { baseURL } from "./browser.ts";
import { adminCreate, freshCode } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { openDatabase } from "../../db/engine.ts";
import { contactRepository } from "../../db/repositories/contact.ts";
import { photo } from "../fixtures/uploads.ts";

const en = workspaceMessages("en");
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

/**
 * The invitation, the sign-in and the two-step code refuse what is not theirs; then the admin signs in and turns
 * on two-step verification. Returns the admin's session cookie.
 */
export async function adminThroughRefusals(): Promise<string> {
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
  return cookie;
}

/**
 * The account's and the accounts' forms: a wrong password, an unknown language, not a form, an unknown intent,
 * an invitation with a bad address or role, an account that does not exist.
 */
export async function accountFormsRefuse(cookie: string) {
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
}

/**
 * The content forms: a body that is not a form, an unknown kind or item, missing fields, a stale
 * revision, an unknown intent, a time that is not one.
 */
export async function contentFormsRefuse(cookie: string) {
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
}

/**
 * The list's bulk action: not a form, an unknown intent, an item without its revision, nothing selected, an
 * unknown kind, a time that is not one, and items that do not exist (each refused, named, nothing done).
 */
export async function bulkActionAndVersionsRefuse(cookie: string) {
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
}

/**
 * The links report: not a form, an unknown intent, a link never checked, no link at all; and the preview of an
 * item that does not exist.
 */
export async function linksReportAndPreviewRefuse(cookie: string) {
  expect((await post("/admin/links", "{}", cookie)).res.status).toBe(415);
  expect((await post("/admin/links", { intent: "delete-everything" }, cookie)).res.status).toBe(400);
  expect((await post("/admin/links", { intent: "mark", url: "https://never.checked.example.org/" }, cookie)).res.status).toBe(404);
  expect((await post("/admin/links", { intent: "unmark" }, cookie)).res.status).toBe(404);
  const preview = await fetch(`${baseURL()}/admin/preview/city/no-such-city`, { headers: { cookie } });
  expect(preview.status).toBe(404);
  expect(await preview.text()).toContain(en.errors.notFound);
}

/**
 * The media library's upload: not a form, no file (answered as JSON to the page's script, and sent back
 * to the library with the reason without one), a photograph without its credit, one still shown.
 */
export async function mediaUploadRefuses(cookie: string) {
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
}

/**
 * A video's captions: no file, a video that is not there, a language that is not one, each answered with
 * its code; a form posted without the page's script is sent back to the video with the reason.
 */
export async function captionsRefuse(cookie: string) {
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
}

/** The inbox: a message that is not there, a state that is not one, a body that is not a form. */
export async function inboxRefuses(cookie: string) {
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
}
