// The ministry's photographs, in a real browser: an editor uploads a photograph with its credit and its alt
// text in English, adds the Arabic, publishes it, attaches it to a place and publishes the place; the public
// page shows it with its credit and licence, and the mobile app's media call serves its variants with the
// credit. A script named .jpg, a truncated JPEG and a 50 MB file are each refused with a message, and
// nothing of them is stored. A video is kept from the site until it has English captions; then the place's
// video page plays it, with captions in the visitor's language and its credit.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, expectOnScreen, holdBack, useBrowser } from "./browser.ts";
import { expectAccessible, press, signIn } from "./workspace-steps.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { sitePath } from "../../app/lib/paths.ts";
import { localePath } from "../../shared/paths.ts";
import { disguisedScript, PHOTO_PATH, truncatedJpeg } from "../fixtures/uploads.ts";
import { placeIds } from "./server-data.ts";

const storeFiles = () => readdirSync(inject("mediaStoreDir"), { recursive: true }).map(String).sort();

/** Saves the form and waits for the saved notice; publishing may follow at once. */
async function save(page: Page, saved: string) {
  await Promise.all([
    page.waitForSelector(`.ws-notice.ws-success:text-is("${saved}")`),
    press(page, page.locator(".ws-content-form > button[type=submit]")),
  ]);
}

/** Publishes the item on the page, failing with the workspace's own words when publishing is refused. */
async function publish(page: Page) {
  await press(page, page.locator('button[name="intent"][value="publish"]'));
  await page.waitForURL(/done=published|\/publish$/);
  if (!/done=published/.test(page.url())) throw new Error(`publishing was refused: ${await page.textContent(".ws-notice")}`);
}

async function openItem(page: Page, path: string) {
  await page.goto(baseURL() + path, { waitUntil: "networkidle" });
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

describe.each([
  ["en", 1280],
  ["ar", 375],
] as const)("media journey in %s at %i px", (language, width) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);

  it("uploads a photograph with its credit, publishes it on a place, and the page and the app show it credited", async () => {
    const slug = `krak-${language}-${width}`;
    const page = await signIn(open, {
      role: "editor",
      email: `photo.editor.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
    });

    await uploadPhotograph(page, slug);
    await addArabicAndPublish(page);
    await attachToPlace(page, slug);
    const ids = await publicPageShowsItCredited(slug);
    await appServesItsVariants(slug, ids);
  });

  /** 1. The library: the upload form, a file chosen, the credit and the English texts. */
  async function uploadPhotograph(page: Page, slug: string) {
    await openItem(page, "/admin/media");
    await expectOnScreen(page.locator(".ws-drop"));
    await page.setInputFiles("#picture-file", PHOTO_PATH);
    await page.fill("#picture-slug", slug);
    await page.fill("#picture-alt", "Krak des Chevaliers from the south-west: round towers of pale stone on a bare ridge");
    await page.fill("#picture-caption", "Krak des Chevaliers from the south-west");
    await page.fill("#picture-credit", "Vyacheslav Argenberg");
    await page.selectOption("#picture-licence", "CC-BY-4.0");
    await page.fill("#picture-source", "https://commons.wikimedia.org/wiki/File:Krak_des_Chevaliers_Castle,_Syria.jpg");
    await expectAccessible(page);
    // The server's answer is held back a moment, as on a slow link: meanwhile the upload's progress is on screen.
    const release = await holdBack(page, "**/admin/media/upload");
    await press(page, page.locator(".ws-drop ~ button[type=submit]"));
    const progress = page.locator("form [role=status]:has(progress)");
    await progress.waitFor();
    await expectOnScreen(progress);
    await Promise.all([page.waitForURL(new RegExp(`/admin/content/picture/${slug}\\?done=created`)), release()]);
    await expectOnScreen(page.locator(".ws-notice.ws-success"));
    expect(await page.textContent(".ws-notice.ws-success")).toBe(t.content.done.created);
  }

  /** 2. The Arabic alt text and caption, saved; then the photograph is published. */
  async function addArabicAndPublish(page: Page) {
    await page.fill('[name="alt.ar"]', "قلعة الحصن من الجنوب الغربي: أبراج مستديرة من الحجر الفاتح على سفح أجرد");
    await page.fill('[name="caption.ar"]', "قلعة الحصن من الجنوب الغربي");
    await save(page, t.content.done.saved);
    await publish(page);
    await expectAccessible(page);
  }

  /**
   * 3. A place's second picture becomes the photograph, and the place is published. The editor publishes
   * as soon as the save is confirmed, while the page's data is still being read again (held back here, as
   * on a slow link): the page already names the revision the save made, so no one else is said to have saved.
   */
  async function attachToPlace(page: Page, slug: string) {
    await openItem(page, "/admin/content/site/citadel-of-salah-ed-din");
    await page.selectOption('[name="images.1.picture"]', slug);
    // Only the read after the save: the one after publishing goes through.
    const releaseRead = await holdBack(page, /\/admin\/content\/site\/citadel-of-salah-ed-din\.data\?/, { times: 1 });
    await save(page, t.content.done.saved);
    await publish(page);
    await releaseRead();
  }

  /** 4. The public page, in the visitor's language: the photograph with its credit and licence, on screen. */
  async function publicPageShowsItCredited(slug: string) {
    const ids = await placeIds("citadel-of-salah-ed-din");
    const visitor = await open(localePath(language, `${sitePath.place(ids.category_id, ids.city_id, ids.id)}/images`), { width });
    const figure = visitor.locator(`.image-grid figure:has(img[src*="/media/lib/img/${slug}."])`);
    await figure.scrollIntoViewIfNeeded();
    await expectOnScreen(figure.locator("img"));
    const credit = figure.locator(".photo-credit");
    await expectOnScreen(credit);
    expect(await credit.textContent()).toContain("Vyacheslav Argenberg");
    expect(await credit.locator('a[rel~="license"]').getAttribute("href")).toBe("https://creativecommons.org/licenses/by/4.0/");
    const alt = await figure.locator("img").getAttribute("alt");
    expect(alt).toBe(
      language === "ar"
        ? "قلعة الحصن من الجنوب الغربي: أبراج مستديرة من الحجر الفاتح على سفح أجرد"
        : "Krak des Chevaliers from the south-west: round towers of pale stone on a bare ridge",
    );
    await visitor.screenshot({ path: `test-results/media-journey-${language}-${width}.png` });
    return ids;
  }

  /** 5. The mobile app's media call: the variants, served, and the credit. */
  async function appServesItsVariants(slug: string, ids: Awaited<ReturnType<typeof placeIds>>) {
    const media = (
      await (
        await fetch(
          `${baseURL()}/back/api/user/media1/media/place/${ids.id}/city/${ids.city_id}/category/${ids.category_id}/language/${language === "ar" ? 2 : 1}`,
        )
      ).json()
    ).data as Array<Record<string, any>>;
    const ours = media.find((m) => m.variants.some((v: { url: string }) => v.url.includes(`/media/lib/img/${slug}.`)))!;
    expect(ours.credit).toMatchObject({ author: "Vyacheslav Argenberg", licence: "CC BY 4.0" });
    for (const v of ours.variants) {
      const res = await fetch(`${baseURL()}${new URL(v.url).pathname}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(`image/${v.format}`);
    }
  }
});

/** WebVTT captions for the three-second test clip, written where the browser can pick them. */
function captionsFile(language: "en" | "ar"): string {
  const text = language === "en" ? "The courtyard at dawn." : "الصحن عند الفجر.";
  const path = join(tmpdir(), `clip.${language}.vtt`);
  writeFileSync(path, `WEBVTT\n\n00:00.000 --> 00:02.500\n${text}\n`);
  return path;
}

describe.each([
  ["en", 1280, "apamea"],
  ["ar", 375, "ebla"],
] as const)("video journey in %s at %i px", (language, width, place) => {
  const { open } = useBrowser();
  const t = workspaceMessages(language);

  it("uploads a video, is kept from publishing it without English captions, adds captions, and the place's page plays it", async () => {
    const slug = `clip-${language}-${width}`;
    const page = await signIn(open, {
      role: "editor",
      email: `video.editor.${language}@example.org`,
      width,
      language,
      sqlitePath: inject("sqlitePath"),
      // Publishing without English captions is answered 422 (the draft is unfinished): that refusal is the
      // point of step 2.
      allowErrors: [/status of 422/],
    });

    // 1. The library's videos (its tab, pressed where it is on screen): a WebM for the place, with English
    // captions in the English run only.
    await openItem(page, "/admin/media");
    await Promise.all([
      page.waitForURL(/\/admin\/media\?kind=video$/),
      press(page, page.locator('.ws-tabs a[href="/admin/media?kind=video"]')),
    ]);
    await page.locator("#video-file").waitFor({ state: "attached" });
    await expectOnScreen(page.locator(".ws-drop"));
    await page.setInputFiles("#video-file", "tests/fixtures/video/clip.webm");
    await page.fill("#video-slug", slug);
    await page.fill("#video-title", "The courtyard at dawn");
    await page.selectOption("#video-place", place);
    await page.fill("#video-credit", "Ministry of Tourism");
    await page.selectOption("#video-licence", "ministry");
    if (language === "en") await page.setInputFiles("#video-captions", captionsFile("en"));
    await expectAccessible(page);
    await Promise.all([
      page.waitForURL(new RegExp(`/admin/content/video/${slug}\\?done=created`)),
      press(page, page.locator(".ws-drop ~ button[type=submit]")),
    ]);
    await expectOnScreen(page.locator("video.ws-video"));

    // 2. Without English captions the video cannot be published, and the page says why.
    if (language === "ar") {
      const needs = page.locator(`.ws-notice:text-is("${t.media.video.needsEnglish}")`);
      await needs.scrollIntoViewIfNeeded();
      await expectOnScreen(needs);
      await Promise.all([page.waitForURL(/\/publish$/), press(page, page.locator('button[name="intent"][value="publish"]'))]);
      const alert = page.locator(".ws-notice.ws-error[role=alert]");
      await expectOnScreen(alert);
      expect(await alert.textContent()).toContain(t.content.problems["missing-english-captions"]);
      await openItem(page, `/admin/content/video/${slug}`);
    }

    // 3. Captions added on the video's page, one language at a time: English when it is missing, then Arabic.
    for (const captions of language === "ar" ? (["en", "ar"] as const) : (["ar"] as const)) {
      await page.selectOption("#captions-language", captions);
      await page.setInputFiles("#captions-file", captionsFile(captions));
      // The second upload comes back to the same address, so the new track, not the address, says it is done.
      await press(page, page.locator("form:has(#captions-file) button[type=submit]"));
      await page.waitForSelector(`video.ws-video track[srclang="${captions}"]`, { state: "attached" });
      await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    }
    expect(await page.locator("video.ws-video track").evaluateAll((tracks) => tracks.map((x) => x.getAttribute("srclang")).sort())).toEqual(
      ["ar", "en"],
    );
    await expectAccessible(page);
    await publish(page);

    // 4. The place's video page, in the visitor's language: the video plays, captions in their language, credited.
    const ids = await placeIds(place);
    const visitor = await open(localePath(language, `${sitePath.place(ids.category_id, ids.city_id, ids.id)}/video`), { width });
    const video = visitor.locator("figure.video video");
    await video.scrollIntoViewIfNeeded();
    await expectOnScreen(video);
    expect(await video.locator("source").getAttribute("src")).toMatch(new RegExp(`^/media/lib/video/${slug}\\.[0-9a-f]{8}\\.webm$`));
    // The browser reads the video's size and length (by ranges), and the default track's cues, from our server.
    await visitor.waitForFunction(() => (document.querySelector("figure.video video") as HTMLVideoElement).readyState >= 1);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight, Math.round(v.duration)])).toEqual([160, 90, 3]);
    const cue = await visitor.waitForFunction(() => {
      const track = [...(document.querySelector("figure.video video") as HTMLVideoElement).textTracks].find((x) => x.mode === "showing");
      return track?.cues?.length ? `${track.language}: ${(track.cues[0] as VTTCue).text}` : null;
    });
    expect(await cue.jsonValue()).toBe(language === "ar" ? "ar: الصحن عند الفجر." : "en: The courtyard at dawn.");
    const credit = visitor.locator("figure.video .photo-credit");
    await credit.scrollIntoViewIfNeeded();
    await expectOnScreen(credit);
    expect(await credit.textContent()).toContain("Ministry of Tourism");
    await visitor.screenshot({ path: `test-results/video-journey-${language}-${width}.png` });
  });
});

describe("media uploads that must be refused", () => {
  const { open } = useBrowser();
  const t = workspaceMessages("en");

  it("refuses a script named .jpg, a truncated JPEG and a 50 MB file, each with a message, storing nothing", async () => {
    // The browser logs each refusal's answer (415, 422) as a failed resource: those answers are the point here.
    const page = await signIn(open, {
      role: "editor",
      email: "refusals.editor@example.org",
      width: 1280,
      language: "en",
      sqlitePath: inject("sqlitePath"),
      allowErrors: [/status of 41[35]/, /status of 422/],
    });
    await openItem(page, "/admin/media");
    const before = storeFiles();
    const files = {
      disguised: join(tmpdir(), "holiday-photo.jpg"),
      truncated: join(tmpdir(), "half-a-photo.jpg"),
      huge: join(tmpdir(), "fifty-megabytes.jpg"),
    };
    writeFileSync(files.disguised, disguisedScript());
    writeFileSync(files.truncated, truncatedJpeg());
    writeFileSync(files.huge, Buffer.alloc(50 * 1024 * 1024, 0xff));
    for (const [name, file, message] of [
      ["disguised", files.disguised, t.media.refused["not-allowed"]],
      ["truncated", files.truncated, t.media.refused.unreadable],
      ["huge", files.huge, t.media.refused["too-large"].replace("{mb}", "25")],
    ] as const) {
      await page.setInputFiles("#picture-file", file);
      await page.fill("#picture-slug", `refused-${name}`);
      await page.fill("#picture-alt", "Not a photograph");
      await page.fill("#picture-caption", "Not a photograph");
      await page.fill("#picture-credit", "Nobody");
      await page.selectOption("#picture-licence", "CC0-1.0");
      await press(page, page.locator(".ws-drop ~ button[type=submit]"));
      const alert = page.locator("form .ws-notice.ws-error[role=alert]");
      await alert.waitFor();
      await expectOnScreen(alert);
      expect(await alert.textContent(), name).toBe(message);
      expect(page.url()).toBe(`${baseURL()}/admin/media`);
    }
    await expectAccessible(page);
    expect(storeFiles()).toEqual(before);
    await openItem(page, "/admin/media");
    expect(await page.locator(".ws-media a[href*='refused-']").count()).toBe(0);
  });
});
