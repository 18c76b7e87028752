// The content journey's steps, each as its people take it: the admin from the command, the invitations, the
// editor's draft in two languages, the translator's French, publishing, the public site and the app, every
// kind of content saved unchanged, and the audit log. Each run passes its own server, language and width.
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { expectOnScreen, type useBrowser } from "./browser.ts";
import { adminCreate, expectAccessible, expectBroughtIntoView, freshCode, press } from "./workspace-steps.ts";
import type { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { NEW_PLACE } from "../fixtures/new-place.ts";
import { CONTENT_TYPES } from "../../app/lib/content-fields.ts";

/** One run of the journey: its server and database, its page's language and width, and the names it gives. */
export type Run = {
  open: ReturnType<typeof useBrowser>["open"];
  base: string;
  database: Record<string, string>;
  language: "en" | "ar";
  width: number;
  t: ReturnType<typeof workspaceMessages>;
  tag: string;
  slug: string;
};
type Found = { id: number; place_name: string };

const password = "olive presses of the north";

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.fill(`[name="${name}"]`, value);
}

/** The API's search for a place by name in a language (1 English, 2 Arabic, 3 French). */
async function search(base: string, name: string, languageId: number): Promise<Found[]> {
  return (
    (await (
      await fetch(`${base}/back/api/user/place1/search?page=1&per_page=50`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, star: 0, service: 0, language: languageId }),
      })
    ).json()) as { data: Found[] }
  ).data;
}

// (Another run of this journey may have published its own copy on the same server: only a new id counts.)
const named = (p: { place_name: string }) => p.place_name === NEW_PLACE.name.en;

/** 1. The admin: the command's link, a password, two-step verification, and signing in with a code. */
export async function adminWithTwoStep({ open, base, database, language, width, tag }: Run): Promise<Page> {
  const adminEmail = `admin.${tag}@example.org`;
  const admin = await open(`${adminCreate(adminEmail, database)}?lang=${language}`, { width, base });
  await fill(admin, { password, confirmation: password });
  await Promise.all([admin.waitForURL(/sign-in/), press(admin, admin.locator("main form button"))]);
  await fill(admin, { email: adminEmail, password });
  await Promise.all([admin.waitForURL(/\/admin\/account/), press(admin, admin.locator("main form button"))]);
  await admin.fill("#password", password);
  await Promise.all([admin.waitForSelector(".ws-key"), press(admin, admin.locator("#two-factor form button"))]);
  const secret = (await admin.textContent(".ws-key"))!.trim();
  await admin.fill("#code", await freshCode(secret));
  await Promise.all([admin.waitForURL(/done=two-factor/), press(admin, admin.locator("#two-factor form button"))]);
  return admin;
}

/** 2. The admin invites an editor and a translator into French: their invitations' paths, by role. */
export async function inviteEditorAndTranslator({ base, tag }: Run, admin: Page): Promise<Record<string, string>> {
  const links: Record<string, string> = {};
  for (const [role, languages] of [
    ["editor", []],
    ["translator", ["fr"]],
  ] as const) {
    await admin.goto(`${base}/admin/accounts`);
    await fill(admin, { name: `${role} ${tag}`, email: `${role}.${tag}@example.org` });
    await admin.selectOption("#invite-role", role);
    for (const l of languages) await admin.check(`#invite-language-${l}`);
    await Promise.all([admin.waitForSelector(".ws-link"), press(admin, admin.locator("#invite-title + form button"))]);
    links[role] = new URL((await admin.textContent(".ws-link"))!.trim()).pathname;
  }
  return links;
}

/** An invitee sets a password through their link and signs in: the signed-in page. */
export async function member({ open, base, language, width, tag }: Run, links: Record<string, string>, role: "editor" | "translator") {
  const page = await open(`${links[role]}?lang=${language}`, { width, base, allowErrors: [/status of (403|422)/] });
  await fill(page, { password, confirmation: password });
  await Promise.all([page.waitForURL(/sign-in/), press(page, page.locator("main form button"))]);
  await fill(page, { email: `${role}.${tag}@example.org`, password });
  await Promise.all([page.waitForURL(`${base}/admin`), press(page, page.locator("main form button"))]);
  return page;
}

/** 3. The editor creates the place in English and Arabic, half-written first, then completed. */
export async function draftInTwoLanguages({ slug, t }: Run, editor: Page) {
  await press(editor, editor.locator('.ws-nav a[href="/admin/content"]'));
  await editor.waitForURL(/\/admin\/content$/);
  await Promise.all([
    editor.waitForURL(/\/admin\/content\/site\/new$/),
    press(editor, editor.locator('a[href="/admin/content/site/new"]')),
  ]);
  await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect(await editor.getAttribute('[name="name.ar"]', "dir")).toBe("rtl");
  expect(await editor.getAttribute('[name="name.en"]', "dir")).toBe("ltr");
  await editor.fill("#f-slug", slug);
  await editor.selectOption('[name="category"]', "religious-sites");
  await editor.selectOption('[name="city"]', "damascus");
  await editor.selectOption('[name="governorate"]', "damascus");
  await fill(editor, {
    // A traveller's fact, in English only for now; the other facts stay empty and so unshown.
    "practical.dress.en": "Dress modestly; women cover their hair. Shoes off before the prayer hall.",
    "coordinates.lat": String(NEW_PLACE.coordinates.lat),
    "coordinates.lng": String(NEW_PLACE.coordinates.lng),
    popularity: "60",
    "name.en": NEW_PLACE.name.en,
    "name.ar": NEW_PLACE.name.ar,
    "address.en": NEW_PLACE.address.en,
    "address.ar": NEW_PLACE.address.ar,
    "summary.en": NEW_PLACE.summary.en,
    "summary.ar": NEW_PLACE.summary.ar,
    "information.en": "Too short.",
    "information.ar": NEW_PLACE.information.ar,
  });
  for (const [i, image] of NEW_PLACE.images.entries()) {
    await editor.selectOption(`[name="images.${i}.motif"]`, image.motif);
    await fill(editor, { [`images.${i}.caption.en`]: image.caption.en, [`images.${i}.caption.ar`]: image.caption.ar });
  }
  // A half-written draft is kept: its text too short for the site is named beside its field, and in the list
  // of what is still to do before it can be published; what was written stays.
  await Promise.all([editor.waitForURL(/done=created/), press(editor, editor.locator(".ws-content-form > button"))]);
  const tooShort = editor.locator("#f-information-en-problem");
  await tooShort.waitFor();
  await expectOnScreen(editor.locator("#to-publish"));
  expect(await tooShort.textContent()).toBe(t.content.problems["too-few-words"].replace("{count}", "2").replace("{min}", "120"));
  expect(await editor.locator("#to-publish + ul a").getAttribute("href")).toBe("#f-information-en");
  expect(await editor.inputValue('[name="name.ar"]')).toBe(NEW_PLACE.name.ar);
  await expectAccessible(editor);
  await editor.fill('[name="information.en"]', NEW_PLACE.information.en);
  await press(editor, editor.locator(".ws-content-form > button"));
  await editor.locator("#to-publish").waitFor({ state: "detached" });
  await editor.locator(".ws-notice.ws-success").waitFor();
  await expectBroughtIntoView(editor, ".ws-notice.ws-success");
}

/**
 * 3, continued. The draft's unknown facts listed, its previews in both languages, and not public yet: the item's
 * path, and the ids the API's search already had under its name.
 */
export async function previewUnpublished({ base, width, tag, slug }: Run, editor: Page) {
  // The facts it does not know yet are listed, each a link to its own input (the dress code it has is not).
  const unknown = editor.locator("#unknown-facts ~ ul a");
  const targets = await unknown.evaluateAll((as) =>
    as.map((a) => document.getElementById(a.getAttribute("href")!.slice(1))?.getAttribute("name")),
  );
  expect(targets).toContain("practical.hours.en");
  expect(targets).toContain("status.state");
  expect(targets).not.toContain("practical.dress.en");
  await expectAccessible(editor);
  // Nothing is wider than the screen, at a phone's width too.
  expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await editor.screenshot({ path: `test-results/content-item-${tag}.png`, fullPage: true });
  const itemPath = new URL(editor.url()).pathname;
  for (const [l, name] of [
    ["ar", NEW_PLACE.name.ar],
    ["en", NEW_PLACE.name.en],
  ] as const) {
    const preview = await editor.context().newPage();
    const answer = await preview.goto(`${base}/admin/preview/site/${slug}?lang=${l}`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("no-store");
    expect(await preview.getAttribute("html", "dir")).toBe(l === "ar" ? "rtl" : "ltr");
    expect(await preview.textContent("main h1")).toContain(name);
    await preview.close();
  }
  // Not public yet: neither the API's search nor the public tables have it.
  const before = new Set((await search(base, NEW_PLACE.name.en, 1)).filter(named).map((p) => p.id));
  return { itemPath, before };
}

/** 4. The translator adds French, and cannot publish. */
export async function translatorAddsFrench({ base, language, t }: Run, translator: Page, itemPath: string) {
  await translator.goto(`${base}${itemPath}`);
  await translator.waitForSelector("html[data-hydrated]", { state: "attached" });
  // The English name is there to read, and typing into it changes nothing.
  const english = translator.locator('[name="name.en"]');
  await press(translator, english);
  await translator.keyboard.type("xyz");
  expect(await english.inputValue()).toBe(NEW_PLACE.name.en);
  expect(await translator.locator("#publishing").count()).toBe(0);
  await fill(translator, {
    "name.fr": NEW_PLACE.frenchName,
    "summary.fr": "La mosquée et le tombeau du mystique andalou Ibn Arabi, dans le quartier de Salihiyya.",
  });
  await Promise.all([
    translator.waitForSelector(".ws-notice.ws-success"),
    press(translator, translator.locator(".ws-content-form > button")),
  ]);
  // The translations table shows the translator their own language only, and what is still missing.
  await press(translator, translator.locator('.ws-nav a[href="/admin/translations"]'));
  await translator.waitForURL(/\/admin\/translations$/);
  // (The address changes a moment before the new page is drawn: wait for the table's language filter itself.)
  await translator.waitForSelector("#language");
  expect(await translator.locator("#language option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(["", "fr"]);
  await translator.selectOption("#state", "missing");
  await Promise.all([translator.waitForURL(/state=missing/), press(translator, translator.locator("main form button"))]);
  // (The other runs of this journey on the same server have a row of that name too.)
  // Named in the translator's workspace language when the item has that translation.
  const missing = translator.locator(".ws-table tbody tr", { hasText: language === "ar" ? NEW_PLACE.name.ar : NEW_PLACE.name.en }).first();
  await missing.scrollIntoViewIfNeeded();
  await expectOnScreen(missing.locator("a"));
  expect(await missing.textContent()).toContain(t.content.fields.information);
  await expectAccessible(translator);
  const refused = await translator.request.post(`${base}${itemPath}/publish`, {
    headers: { origin: new URL(base).origin },
    form: { intent: "publish", revision: "2" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
}

/** 5. The editor publishes (the page again: the translator's save made a new revision): when Publish was pressed. */
export async function editorPublishes({ base }: Run, editor: Page, itemPath: string): Promise<number> {
  await editor.goto(`${base}${itemPath}`);
  await editor.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect(await editor.inputValue('[name="name.fr"]')).toBe(NEW_PLACE.frenchName);
  const pressed = Date.now();
  await Promise.all([editor.waitForURL(/done=published/), press(editor, editor.locator('button[value="publish"]'))]);
  return pressed;
}

/** 6. The public site, its search and the app's API show the place (a new id, not in `before`) in the three languages. */
export async function publicInThreeLanguages({ open, base, width }: Run, before: Set<number>, pressed: number) {
  let found: Found[] = [];
  const isNew = (p: Found) => named(p) && !before.has(p.id);
  while (!(found = await search(base, NEW_PLACE.name.en, 1)).some(isNew) && Date.now() - pressed < 10_000)
    await new Promise((r) => setTimeout(r, 50));
  // How soon is measured by `npm run bench -- publish`; here it must simply happen.
  expect(found.some(isNew)).toBe(true);
  const id = found.find(isNew)!.id;
  for (const [languageId, name] of [
    [1, NEW_PLACE.name.en],
    [2, NEW_PLACE.name.ar],
    [3, NEW_PLACE.frenchName],
  ] as const) {
    const place = (await (await fetch(`${base}/back/api/user/place1/places/${id}?language=${languageId}`)).json()) as {
      data: { place_name: string };
    };
    expect(place.data.place_name).toBe(name);
    expect((await search(base, name, languageId)).map((p) => p.id)).toContain(id);
  }
  // English first: a visitor's language is remembered, and the unprefixed address then leads to it.
  const publicPage = await open("/", { width, base });
  const placeLink = (await (await fetch(`${base}/back/api/user/place1/places/${id}`)).json()) as {
    data: { categories_idcategories: number; cities_idcities: number };
  };
  for (const [prefix, name] of [
    ["", NEW_PLACE.name.en],
    ["/fr", NEW_PLACE.frenchName],
    ["/ar", NEW_PLACE.name.ar],
  ] as const) {
    await publicPage.goto(
      `${base}${prefix}/cities/${placeLink.data.categories_idcategories}/sites/${placeLink.data.cities_idcities}/action/${id}`,
    );
    expect(await publicPage.textContent("main h1")).toContain(name);
  }
  // Its one known fact is on its information page (in English until it is translated), and nothing else.
  await publicPage.goto(
    `${base}/fr/cities/${placeLink.data.categories_idcategories}/sites/${placeLink.data.cities_idcities}/action/${id}/info`,
  );
  expect(await publicPage.locator(".practical dd").allTextContents()).toEqual([
    "Damas",
    "Damas",
    "Dress modestly; women cover their hair. Shoes off before the prayer hall.",
  ]);
  // Still no cookie on the public site.
  expect(await publicPage.context().cookies()).toEqual([]);
}

/** The seed has no library video: one is uploaded with its English captions, as the media page sends it. */
export async function uploadLibraryVideo({ base, tag }: Run, editor: Page) {
  const clip = await editor.request.post(`${base}/admin/media/upload`, {
    headers: { origin: new URL(base).origin, accept: "application/json" },
    multipart: {
      kind: "video",
      file: { name: "clip.webm", mimeType: "video/webm", buffer: readFileSync("tests/fixtures/video/clip.webm") },
      captions: { name: "clip.en.vtt", mimeType: "text/vtt", buffer: Buffer.from("WEBVTT\n\n00:00.000 --> 00:02.000\nA test clip.\n") },
      slug: `clip-${tag}`,
      "title.en": "A test clip",
      place: "apamea",
      credit: "Ministry of Tourism",
      licence: "ministry",
    },
  });
  expect(clip.status(), await clip.text()).toBe(201);
}

/**
 * Every kind of content, in its form as the editor sees it, saved without a change: the form gives back
 * exactly what it showed (the revision stays), and the form passes axe.
 */
export async function everyFormSavesUnchanged({ base }: Run, editor: Page) {
  for (const type of CONTENT_TYPES) {
    await editor.goto(`${base}/admin/content?type=${type}`);
    await Promise.all([editor.waitForURL(/\/admin\/content\/[\w-]+\/[\w-]+$/), editor.locator(".ws-table tbody a").first().click()]);
    // (The address changes a moment before the item's page is drawn: wait for its form itself.)
    await editor.waitForSelector(".ws-content-form");
    const revision = await editor.locator("main > p").nth(1).textContent();
    await Promise.all([editor.waitForSelector(".ws-notice"), press(editor, editor.locator(".ws-content-form > button"))]);
    expect(await editor.locator(".ws-problem").allTextContents(), type).toEqual([]);
    expect(await editor.locator(".ws-notice.ws-success").count(), type).toBe(1);
    expect(await editor.locator("main > p").nth(1).textContent(), type).toBe(revision);
    if (type !== "site") await expectAccessible(editor);
  }
}

/** 7. The audit log lists every step, is found by person and day, and exports as CSV. */
export async function auditLogListsEveryStep({ base, width, t, tag, slug }: Run, admin: Page, itemPath: string) {
  await admin.goto(`${base}/admin/audit`);
  const log = (await admin.textContent(".ws-table"))!;
  for (const step of [
    "account.invite",
    "two-factor.enabled",
    "content.create",
    "content.save",
    "content.publish",
    `site/${slug}`,
    `editor.${tag}@example.org`,
    `translator.${tag}@example.org`,
  ])
    expect(log, step).toContain(step);
  await expectAccessible(admin);
  // Found by person and day (today in Damascus), each change read as its fields: the English information the
  // editor completed as the words added, its item a link to its page.
  const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  await admin.fill("#audit-actor", `editor.${tag}`);
  await admin.fill("#audit-from", today);
  await admin.fill("#audit-to", today);
  await Promise.all([admin.waitForURL(/actor=/), press(admin, admin.locator(".ws-filters button"))]);
  await admin.waitForSelector("html[data-hydrated]", { state: "attached" });
  const who = await admin.locator(".ws-table tbody tr td:nth-child(2)").allTextContents();
  expect(who.length).toBeGreaterThan(1);
  expect(new Set(who)).toEqual(new Set([`editor.${tag}@example.org`]));
  const completed = admin.locator(".ws-table tbody tr", { has: admin.locator(".ws-change ins") }).last();
  // (On a phone the table scrolls sideways to its change column, as a person would scroll it. The added words
  // wrap over lines, so what is checked on screen is the change they are in.)
  const change = completed.locator(".ws-change dd", { has: admin.locator("ins") }).first();
  await change.scrollIntoViewIfNeeded();
  await expectOnScreen(change);
  expect(await completed.locator("dt").first().textContent()).toContain(t.content.fields.information);
  expect(await completed.locator("a").getAttribute("href")).toBe(itemPath);
  await expectAccessible(admin);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await admin.screenshot({ path: `test-results/audit-${tag}.png`, fullPage: true });
  const [download] = await Promise.all([admin.waitForEvent("download"), press(admin, admin.locator('a[href^="/admin/audit/export"]'))]);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toContain(`"editor.${tag}@example.org","content.save","site/${slug}"`);
  expect(csv).not.toContain(`"translator.${tag}@example.org"`);
}
