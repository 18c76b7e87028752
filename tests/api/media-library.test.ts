// The media library through the domain its pages call and the server that answers the public: an upload is
// checked by its bytes and leaves nothing behind when refused; a photograph's variants are served without
// its EXIF or GPS, its original never; attached to a place and published, the public API hands the mobile app
// its variants and credit; a photograph in use cannot be deleted. Once on a folder (SQLite), once on an
// S3-compatible server (PostgreSQL), as several instances would share it.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_SETUPS, useLibraryApp } from "../setup/library-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import type { MediaStore } from "../../domain/media/store.ts";
import { UPLOAD_LIMITS } from "../../shared/limits.ts";
import { disguisedScript, photo, photoDetails, photoWithPosition, svg, truncatedJpeg } from "../fixtures/uploads.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const translator: Editor = { id: "t1", email: "translator@example.org", role: "translator", languages: "fr" };

describe.each(LIBRARY_SETUPS)("media library on %s with a %s store", (engine, kind) => {
  const library = useLibraryApp(engine, kind);
  let t: ReturnType<typeof library.app>;
  let store: MediaStore;
  const keys = library.keys;
  beforeAll(() => {
    t = library.app();
    store = library.store();
  });
  const documents = async () => (await t.domain.editing.list(editor, "picture")).map((d) => d.slug);
  /** What the app's media call answers for a place, in English. */
  const appMedia = async (slug: string) => {
    const row = await t.database.db
      .selectFrom("places")
      .select(["id", "city_id", "category_id"])
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    const res = await t.app.request(
      `http://localhost/back/api/user/media1/media/place/${row.id}/city/${row.city_id}/category/${row.category_id}/language/1`,
    );
    return (await res.json()).data as Array<Record<string, any>>;
  };

  it("refuses a script named .jpg, a truncated JPEG, an SVG and an empty file by their bytes, keeping nothing", async () => {
    const before = keys();
    for (const [bytes, code] of [
      [disguisedScript(), "not-allowed"],
      [truncatedJpeg(), "unreadable"],
      [svg(), "not-allowed"],
      [Buffer.alloc(0), "empty"],
    ] as const)
      await expect(t.domain.pictures.upload(editor, bytes, photoDetails("refused"))).rejects.toMatchObject({ code });
    expect(await documents()).toEqual([]);
    expect(keys()).toEqual(before);
    expect(await store.size("library/refused.jpg")).toBeUndefined();
  });

  it("refuses a photograph over its limit (413 from the page), and never lets a translator upload", async () => {
    const big = Buffer.alloc(UPLOAD_LIMITS.imageBytes + 1, 0xff);
    await expect(t.domain.pictures.upload(editor, big, photoDetails("too-big"))).rejects.toMatchObject({
      code: "too-large",
      values: { mb: 25 },
    });
    await expect(t.domain.pictures.upload(translator, photo(), photoDetails("by-translator"))).rejects.toMatchObject({ code: "forbidden" });
    expect(await documents()).toEqual([]);
  });

  it("keeps the texts' problems before storing anything", async () => {
    await expect(t.domain.pictures.upload(editor, photo(), { ...photoDetails("no-credit"), credit: "" })).rejects.toMatchObject({
      code: "invalid",
      problems: [{ field: "credit" }],
    });
    expect(keys()).toEqual([]);
    expect(await documents()).toEqual([]);
  });

  it("serves an upload's variants without the source's EXIF or GPS, and never the original", async () => {
    await t.domain.pictures.upload(editor, await photoWithPosition(), photoDetails("with-position"));
    const doc = await t.domain.editing.item(editor, "picture", "with-position");
    const file = (doc.draft as { file: string }).file;
    expect(file).toMatch(/^with-position\.[0-9a-f]{8}\.jpg$/);
    const image = await t.domain.pictures.image(file);
    expect(image.variants.map((v) => `${v.format} ${v.width}`)).toEqual(["avif 480", "webp 480", "avif 960", "webp 960"]);
    for (const v of image.variants) {
      const res = await t.app.request(`http://localhost${v.src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe(v.format === "avif" ? "heif" : "webp");
      expect(meta.exif).toBeUndefined();
    }
    expect((await t.app.request(`http://localhost/media/lib/library/${file}`)).status).toBe(404);
    expect((await t.app.request("http://localhost/media/lib/img/../library/x.jpg")).status).toBe(404);
  });

  it("attached to a place and published, the app's media call and the place's page data carry its variants and credit", async () => {
    await t.domain.pictures.upload(editor, photo(), photoDetails("krak-south-west"));
    const picture = await t.domain.editing.item(editor, "picture", "krak-south-west");
    await t.domain.editing.publish(editor, "picture", "krak-south-west", picture.revision);
    const place = await t.domain.editing.item(editor, "site", "umayyad-mosque");
    const body = structuredClone(place.draft) as { images: Array<Record<string, unknown>> };
    body.images[0] = { ...body.images[0], picture: "krak-south-west" };
    const revision = await t.domain.editing.save(editor, "site", "umayyad-mosque", place.revision, body);
    await t.domain.editing.publish(editor, "site", "umayyad-mosque", revision);

    const first = (await appMedia("umayyad-mosque")).find((m) => m.med_type === 1)!;
    expect(first.med_name).toBe("Krak des Chevaliers from the south-west");
    expect(first.credit).toEqual({
      author: "Vyacheslav Argenberg",
      licence: "CC BY 4.0",
      licence_url: "https://creativecommons.org/licenses/by/4.0/",
      source: "https://commons.wikimedia.org/wiki/File:Krak_des_Chevaliers_Castle,_Syria.jpg",
    });
    expect(first.variants.length).toBe(6);
    for (const v of first.variants) expect((await t.app.request(v.url.replace("http://site.test", "http://localhost"))).status).toBe(200);
  });

  it("publishes a photograph's new caption into the places that show it, and refuses to take it off while they do", async () => {
    const picture = await t.domain.editing.item(editor, "picture", "krak-south-west");
    const body = structuredClone(picture.draft) as { caption: Record<string, string>; alt: Record<string, string> };
    body.caption.en = "Krak des Chevaliers from the south-west, at dusk";
    const revision = await t.domain.editing.save(editor, "picture", "krak-south-west", picture.revision, body);
    await t.domain.editing.publish(editor, "picture", "krak-south-west", revision);
    expect((await appMedia("umayyad-mosque")).find((m) => m.med_type === 1)!.med_name).toBe(
      "Krak des Chevaliers from the south-west, at dusk",
    );
    const version = await t.domain.content.version();
    await expect(t.domain.editing.unpublish(editor, "picture", "krak-south-west", revision)).rejects.toMatchObject({
      code: "breaks-content",
      problems: [expect.objectContaining({ field: "site/umayyad-mosque.images", code: "unknown-reference" })],
    });
    expect(await t.domain.content.version()).toBe(version);
  });

  it("never lets a translator delete a photograph", async () => {
    const unused = await t.domain.editing.item(editor, "picture", "with-position");
    await expect(t.domain.pictures.remove(translator, "with-position", unused.revision)).rejects.toMatchObject({ code: "forbidden" });
    expect((await t.domain.editing.item(editor, "picture", "with-position")).revision).toBe(unused.revision);
  });

  it("refuses to delete a photograph in use and says where; deletes an unused one with its files", async () => {
    const used = await t.domain.editing.item(editor, "picture", "krak-south-west");
    await expect(t.domain.pictures.remove(editor, "krak-south-west", used.revision)).rejects.toMatchObject({
      code: "in-use",
      problems: [{ field: "site/umayyad-mosque.images.0.picture", code: "in-use" }],
    });
    const unused = await t.domain.editing.item(editor, "picture", "with-position");
    const file = (unused.draft as { file: string }).file;
    const image = await t.domain.pictures.image(file);
    await t.domain.pictures.remove(editor, "with-position", unused.revision);
    expect(await documents()).toEqual(["krak-south-west"]);
    expect(await store.size(`library/${file}`)).toBeUndefined();
    expect(keys().some((k) => k.includes("with-position"))).toBe(false);
    expect((await t.app.request(`http://localhost${image.src}`)).status).toBe(404);
    const audit = await t.domain.workspace.audit({ limit: 20, offset: 0 });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["media.upload", "media.delete"]));
  });

  it("lists a photograph whose credit is still to be confirmed (for the dashboard) until the note is cleared, never showing the note publicly", async () => {
    const note = "The licence's version: check it on the file's Commons page.";
    expect(await t.domain.pictures.toConfirm(editor)).toEqual([]);
    await t.domain.pictures.upload(editor, photo(), { ...photoDetails("to-confirm"), toConfirm: note });
    const entry = { type: "picture", slug: "to-confirm", credit: "Vyacheslav Argenberg", licence: "CC-BY-4.0", toConfirm: note };
    expect(await t.domain.pictures.toConfirm(editor)).toEqual([entry]);
    expect(await t.domain.pictures.toConfirm(translator)).toEqual([entry]);
    expect(await t.domain.videos.toConfirm(editor)).toEqual([]);

    // Published and shown on a place, the photograph carries its credit, and the note stays in the workspace.
    const picture = await t.domain.editing.item(editor, "picture", "to-confirm");
    await t.domain.editing.publish(editor, "picture", "to-confirm", picture.revision);
    const place = await t.domain.editing.item(editor, "site", "umayyad-mosque");
    const body = structuredClone(place.draft) as { images: Array<Record<string, unknown>> };
    body.images[1] = { ...body.images[1], picture: "to-confirm" };
    await t.domain.editing.publish(
      editor,
      "site",
      "umayyad-mosque",
      await t.domain.editing.save(editor, "site", "umayyad-mosque", place.revision, body),
    );
    const row = await t.database.db
      .selectFrom("places")
      .select(["id", "city_id", "category_id"])
      .where("slug", "=", "umayyad-mosque")
      .executeTakeFirstOrThrow();
    const answer = await (
      await t.app.request(
        `http://localhost/back/api/user/media1/media/place/${row.id}/city/${row.city_id}/category/${row.category_id}/language/1`,
      )
    ).text();
    expect(answer).toContain("Vyacheslav Argenberg");
    expect(answer).not.toContain(note);

    // Confirmed: the editor clears the note, and the dashboard no longer lists it.
    const confirmed = await t.domain.editing.item(editor, "picture", "to-confirm");
    const { toConfirm: _, ...cleared } = confirmed.draft as Record<string, unknown>;
    await t.domain.editing.save(editor, "picture", "to-confirm", confirmed.revision, cleared);
    expect(await t.domain.pictures.toConfirm(editor)).toEqual([]);
  });
  it("shows a photograph on an event's page with its credit, and refuses to delete it while the event shows it", async () => {
    const event = {
      slug: "eid-in-the-courtyard",
      kind: "religious",
      city: "damascus",
      name: { en: "Eid in the courtyard" },
      summary: { en: "The feast at the end of Ramadan." },
      computed: "eid-al-fitr",
      status: "scheduled",
      source: "https://example.org/eid",
      picture: "krak-south-west",
    };
    await t.domain.editing.create(editor, "event", event);
    const draft = await t.domain.editing.item(editor, "event", event.slug);
    await t.domain.editing.publish(editor, "event", event.slug, draft.revision);
    const shown = await t.domain.events.event("en", event.slug);
    expect(shown?.event.picture).toMatchObject({ title: "Krak des Chevaliers from the south-west, at dusk" });
    expect(shown?.event.picture?.details.credit).toMatchObject({ author: "Vyacheslav Argenberg", licence: "CC-BY-4.0" });
    const picture = await t.domain.editing.item(editor, "picture", "krak-south-west");
    await expect(t.domain.pictures.remove(editor, "krak-south-west", picture.revision)).rejects.toMatchObject({
      code: "in-use",
      problems: expect.arrayContaining([{ field: `event/${event.slug}.picture`, code: "in-use" }]),
    });
  });
});
