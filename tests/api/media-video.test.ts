// The media library's videos through the domain its pages call and the server that answers the public: a
// video is checked by its bytes and its captions before anything is kept; a video without English captions
// stays a draft; published, the mobile app's links and the site carry it, served by ranges as players ask,
// with its captions. Once on a folder (SQLite), once on an S3-compatible server (PostgreSQL).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_SETUPS, useLibraryApp } from "../setup/library-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import type { MediaStore } from "../../domain/media/store.ts";
import { UPLOAD_LIMITS } from "../../shared/limits.ts";
import { disguisedScript, photo } from "../fixtures/uploads.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const translator: Editor = { id: "t1", email: "translator@example.org", role: "translator", languages: "fr" };
const viewer: Editor = { id: "v1", email: "viewer@example.org", role: "viewer", languages: "" };
const webm = () => readFileSync("tests/fixtures/video/clip.webm");
const mp4 = () => readFileSync("tests/fixtures/video/clip.mp4");
const vtt = (text: string) => Buffer.from(text);
/** Captions for the three-second test clips. */
const english = vtt("WEBVTT\n\n00:00.000 --> 00:02.500\nThe courtyard of the Umayyad Mosque at dawn.\n");
const french = vtt("WEBVTT\n\n00:00.000 --> 00:02.500\nLa cour de la mosquée des Omeyyades à l'aube.\n");
const details = (slug: string) => ({
  slug,
  title: { en: "The courtyard at dawn" },
  place: "umayyad-mosque",
  sign: false,
  credit: "Ministry of Tourism",
  licence: "ministry",
});

describe.each(LIBRARY_SETUPS)("library videos on %s with a %s store", (engine, kind) => {
  const library = useLibraryApp(engine, kind);
  let t: ReturnType<typeof library.app>;
  let store: MediaStore;
  const keys = library.keys;
  beforeAll(() => {
    t = library.app();
    store = library.store();
  });
  const videos = async () => (await t.domain.editing.list(editor, "video")).map((d) => d.slug);
  const draft = async (slug: string) => (await t.domain.editing.item(editor, "video", slug)) as { revision: number; draft: any };
  const links = async () => {
    const row = await t.database.db
      .selectFrom("places")
      .select(["id", "city_id", "category_id"])
      .where("slug", "=", "umayyad-mosque")
      .executeTakeFirstOrThrow();
    const res = await t.app.request(
      `http://localhost/back/api/user/link1/links/place/${row.id}/city/${row.city_id}/category/${row.category_id}/language/1`,
    );
    return (await res.json()).data as Array<{ link_name: string; link_http: string; link_type: number }>;
  };

  it("refuses a script named .webm, a photograph, a cut-off WebM or MP4 and an empty file by their bytes, keeping nothing", async () => {
    const cut = (b: Buffer) => b.subarray(0, b.length - 500);
    for (const [bytes, code] of [
      [disguisedScript(), "not-video"],
      [photo(), "not-video"],
      [cut(webm()), "video-unreadable"],
      [cut(mp4()), "video-unreadable"],
      [Buffer.alloc(0), "empty"],
    ] as const)
      await expect(t.domain.videos.upload(editor, bytes, details("refused"))).rejects.toMatchObject({ code });
    expect(await videos()).toEqual([]);
    expect(keys()).toEqual([]);
  });

  it("refuses captions that are not WebVTT, not UTF-8, empty or longer than the video, saying where, and keeps neither file", async () => {
    for (const [captions, code, values] of [
      [vtt("WEBVTT\n\n00:00.000 -> 00:02.000\nA cue without its arrow\n"), "captions-invalid", { line: 4 }],
      [vtt("Hello, this is not WebVTT\n"), "captions-invalid", { line: 1 }],
      [Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x0a, 0xff, 0xfe]), "captions-encoding", {}],
      [vtt("WEBVTT\n"), "captions-empty", {}],
      [vtt("WEBVTT\n\n00:00.000 --> 00:09.000\nLonger than the clip\n"), "captions-too-long", { at: "9.0", seconds: "3.0" }],
    ] as const)
      await expect(t.domain.videos.upload(editor, webm(), details("bad-captions"), captions)).rejects.toMatchObject({ code, values });
    expect(await videos()).toEqual([]);
    expect(keys()).toEqual([]);
  });

  it("checks the texts before storing anything, and never lets a translator upload", async () => {
    await expect(t.domain.videos.upload(editor, webm(), { ...details("no-title"), title: { en: "" } })).rejects.toMatchObject({
      code: "invalid",
      problems: [{ field: "title.en" }],
    });
    await expect(t.domain.videos.upload(translator, webm(), details("by-translator"))).rejects.toMatchObject({ code: "forbidden" });
    await expect(t.domain.videos.upload(editor, webm(), { ...details("nowhere"), place: "no-such-place" })).rejects.toMatchObject({
      code: "invalid",
      // (With every other problem it has: its English captions are still to come.)
      problems: expect.arrayContaining([expect.objectContaining({ field: "place", code: "unknown-reference" })]),
    });
    expect(await videos()).toEqual([]);
    expect(keys()).toEqual([]);
  });

  it("reads the size and length from the bytes, and keeps them (and the captions) whatever a save posts", async () => {
    await t.domain.videos.upload(editor, mp4(), details("courtyard-mp4"));
    const before = await draft("courtyard-mp4");
    expect(before.draft).toMatchObject({ width: 160, height: 90, seconds: 3, captions: [] });
    expect(before.draft.file).toMatch(/^courtyard-mp4\.[0-9a-f]{8}\.mp4$/);
    const posted = { ...before.draft, file: "other.12345678.mp4", width: 4000, captions: [{ language: "en", file: "x.12345678.vtt" }] };
    const revision = await t.domain.editing.save(editor, "video", "courtyard-mp4", before.revision, { ...posted, credit: "Someone" });
    const after = await draft("courtyard-mp4");
    expect(after.draft).toEqual({ ...before.draft, credit: "Someone" });
    expect(revision).toBe(before.revision + 1);
  });

  it("stays a draft without English captions; a translator adds their own language's only; with English it is published", async () => {
    await t.domain.videos.upload(editor, webm(), details("courtyard"));
    let item = await draft("courtyard");
    await expect(t.domain.editing.publish(editor, "video", "courtyard", item.revision)).rejects.toMatchObject({
      code: "unfinished",
      problems: [{ field: "captions", code: "missing-english-captions" }],
    });
    await expect(t.domain.videos.addCaptions(translator, "courtyard", "en", item.revision, english)).rejects.toMatchObject({
      code: "language",
    });
    let revision = await t.domain.videos.addCaptions(translator, "courtyard", "fr", item.revision, french);
    await expect(t.domain.videos.addCaptions(editor, "courtyard", "en", item.revision, english)).rejects.toMatchObject({
      code: "conflict",
    });
    revision = await t.domain.videos.addCaptions(editor, "courtyard", "en", revision, english);
    item = await draft("courtyard");
    expect(item.draft.captions.map((c: { language: string }) => c.language)).toEqual(["en", "fr"]);
    await t.domain.editing.publish(editor, "video", "courtyard", revision);

    const link = (await links()).find((l) => l.link_name === "The courtyard at dawn");
    expect(link?.link_type).toBe(2);
    const src = new URL(link!.link_http).pathname;
    expect(src).toBe(`/media/lib/video/${item.draft.file}`);
    const audit = await t.domain.workspace.audit({ limit: 20, offset: 0 });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["media.upload", "media.captions", "content.publish"]));
  });

  it("serves the video whole or by the range a player asks for, and its captions as WebVTT", async () => {
    const { draft: body } = await draft("courtyard");
    const src = `http://localhost/media/lib/video/${body.file}`;
    const whole = await t.app.request(src);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(webm())).toBe(true);

    const size = webm().length;
    for (const [range, start, end] of [
      ["bytes=0-99", 0, 99],
      ["bytes=100-", 100, size - 1],
      ["bytes=-50", size - 50, size - 1],
    ] as const) {
      const part = await t.app.request(src, { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(webm().subarray(start, end + 1))).toBe(true);
    }
    const beyond = await t.app.request(src, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);

    const en = body.captions.find((c: { language: string }) => c.language === "en");
    const captions = await t.app.request(`http://localhost/media/lib/video/${en.file}`);
    expect(captions.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await captions.text()).toBe(english.toString());
    expect((await t.app.request("http://localhost/media/lib/video/../library/x.jpg")).status).toBe(404);
  });

  it("keeps only the cue markup WebVTT allows: a script in a cue or a note never reaches a player", async () => {
    const item = await draft("courtyard");
    const hostile = vtt(
      [
        "WEBVTT",
        "",
        "NOTE <script>alert('note')</script>",
        "",
        "STYLE",
        "::cue { background: url(https://evil.example/x.png) }",
        "",
        "00:00.000 --> 00:01.500",
        "<v Narrator>The <b>courtyard</b> <i>at</i> <c.yellow>dawn</c><script>alert(1)</script> <img src=x onerror=alert(2)>",
        "",
        "00:01.500 --> 00:02.500",
        '<lang ar>الصحن</lang> <ruby>漢<rt>kan</rt></ruby> <00:00:02.000><u>now</u> <v onmouseover="alert(3)">x</v>',
        "",
      ].join("\n"),
    );
    await t.domain.videos.addCaptions(editor, "courtyard", "ar", item.revision, hostile);
    const { draft: body } = await draft("courtyard");
    const arabic = body.captions.find((c: { language: string }) => c.language === "ar");
    const kept = await (await t.app.request(`http://localhost/media/lib/video/${arabic.file}`)).text();
    expect(kept).not.toMatch(/script|<img|onerror|onmouseover|evil\.example|STYLE|NOTE/i);
    for (const allowed of [
      "<v Narrator>",
      "<b>courtyard</b>",
      "<i>at</i>",
      "<c.yellow>dawn</c>",
      "<lang ar>",
      "<ruby>漢<rt>kan</rt></ruby>",
      "<00:00:02.000>",
      "<u>now</u>",
    ])
      expect(kept).toContain(allowed);
    // The text inside a refused tag stays, as plain text.
    expect(kept).toContain("alert(1)");
  });

  it("lets no viewer add captions and no translator delete a video, and keeps the video as it was", async () => {
    const item = await draft("courtyard");
    await expect(t.domain.videos.addCaptions(viewer, "courtyard", "ar", item.revision, english)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(t.domain.videos.remove(translator, "courtyard", item.revision)).rejects.toMatchObject({ code: "forbidden" });
    expect(await draft("courtyard")).toEqual(item);
  });

  it("refuses to delete a published video; unpublished, deletes it with its captions", async () => {
    const item = await draft("courtyard");
    await expect(t.domain.videos.remove(editor, "courtyard", item.revision)).rejects.toMatchObject({
      code: "in-use",
      problems: [{ field: "video/courtyard", code: "published" }],
    });
    await t.domain.editing.unpublish(editor, "video", "courtyard", item.revision);
    expect((await links()).some((l) => l.link_name === "The courtyard at dawn")).toBe(false);
    const files = [item.draft.file, ...item.draft.captions.map((c: { file: string }) => c.file)];
    await t.domain.videos.remove(editor, "courtyard", (await draft("courtyard")).revision);
    expect(await videos()).toEqual(["courtyard-mp4"]);
    for (const file of files) expect(await store.size(`video/${file}`)).toBeUndefined();
  });

  it("refuses a body over the video limit before reading it (413)", async () => {
    const res = await t.app.request("http://localhost/admin/media/upload", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(UPLOAD_LIMITS.videoBytes * 2),
        origin: "http://localhost",
      },
      body: "--x--",
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/larger than 100 MB/);
  });
});
