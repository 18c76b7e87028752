// Deleting content on both engines, through the domain services the pages call: an item nothing refers to goes
// off the site and into the trash (the public API answers 404, the search forgets it), comes back as a draft,
// or is purged after 30 days; an item something refers to stays, and the refusal names what refers to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { repositoryAccess } from "../../db/repositories/repositories.ts";
import { trashService, TRASH_DAYS } from "../../domain/content/trash.ts";
import { newPlace, NEW_PLACE } from "../fixtures/new-place.ts";

const API = "/back/api/user";
const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const translator: Editor = { id: "t1", email: "translator@example.org", role: "translator", languages: "fr" };

describe.each(ENGINES)("the trash on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());

  const publicId = async (slug: string) =>
    (await t.database.db.selectFrom("places").select("id").where("slug", "=", slug).executeTakeFirst())?.id;
  const searchFor = async (name: string) =>
    (
      (await (
        await t.app.request(`${API}/place1/search?page=1&per_page=10`, {
          method: "POST",
          body: JSON.stringify({ name, star: 0, service: 0, language: 1 }),
          headers: { "content-type": "application/json" },
        })
      ).json()) as { data: Array<{ place_name: string }> }
    ).data.map((p) => p.place_name);
  const auditOf = async (target: string) =>
    (await t.domain.workspace.audit({ limit: 50, offset: 0 })).filter((e) => e.target === target).map((e) => e.action);

  it("takes a published place off the site into the trash, and restores it as a draft", async () => {
    const { editing, trash } = t.domain;
    await editing.create(editor, "site", newPlace());
    const created = await editing.item(editor, "site", NEW_PLACE.slug);
    await editing.publish(editor, "site", NEW_PLACE.slug, created.revision);
    const id = await publicId(NEW_PLACE.slug);
    expect((await t.app.request(`${API}/place1/places/${id}`)).status).toBe(200);
    expect(await searchFor("Ibn Arabi")).toContain(NEW_PLACE.name.en);

    await expect(trash.remove(translator, "site", NEW_PLACE.slug, created.revision)).rejects.toMatchObject({ code: "forbidden" });
    await expect(trash.remove(editor, "site", NEW_PLACE.slug, created.revision - 1)).rejects.toMatchObject({ code: "conflict" });
    await trash.remove(editor, "site", NEW_PLACE.slug, created.revision);
    expect(await publicId(NEW_PLACE.slug)).toBeUndefined();
    expect((await t.app.request(`${API}/place1/places/${id}`)).status).toBe(404);
    expect(await searchFor("Ibn Arabi")).not.toContain(NEW_PLACE.name.en);
    await expect(editing.item(editor, "site", NEW_PLACE.slug)).rejects.toMatchObject({ code: "not-found" });
    const listed = (await trash.page(editor, 1)).items.find((i) => i.slug === NEW_PLACE.slug)!;
    expect(listed).toMatchObject({ type: "site", title: NEW_PLACE.name.en, deletedBy: editor.email });
    expect(Date.parse(listed.purgeAt) - Date.parse(listed.deletedAt)).toBe(TRASH_DAYS * 24 * 3600 * 1000);

    expect(await trash.restore(editor, listed.id)).toEqual({ type: "site", slug: NEW_PLACE.slug });
    const restored = await editing.item(editor, "site", NEW_PLACE.slug);
    expect(restored.status).toBe("draft");
    expect(restored.draft).toEqual(created.draft);
    expect(await publicId(NEW_PLACE.slug)).toBeUndefined();
    await expect(trash.restore(editor, listed.id)).rejects.toMatchObject({ code: "not-found" });
    for (const bad of [Number.NaN, 0, -1, 1.5, 2 ** 60])
      await expect(trash.restore(editor, bad)).rejects.toMatchObject({ code: "not-found" });
    expect(await auditOf(`site/${NEW_PLACE.slug}`)).toEqual(
      expect.arrayContaining(["content.unpublish", "content.delete", "content.restore"]),
    );
  });

  it("refuses to delete what something refers to, naming it, and keeps it", async () => {
    const city = await t.domain.editing.item(editor, "city", "damascus");
    const refused = t.domain.trash.remove(editor, "city", "damascus", city.revision);
    await expect(refused).rejects.toMatchObject({ code: "referred" });
    const named = (await refused.catch((e: { problems: Array<{ field: string }> }) => e.problems)) as Array<{ field: string }>;
    expect(named.map((p) => p.field)).toContain("site/umayyad-mosque");
    expect((await t.domain.editing.item(editor, "city", "damascus")).status).toBe("published");
    // The fixed sets and the library's files are not deleted here.
    await expect(t.domain.trash.remove(editor, "settings", "settings", 1)).rejects.toMatchObject({ code: "fixed" });
    await expect(t.domain.trash.remove(editor, "picture", "palmyra-ruins", 1)).rejects.toMatchObject({ code: "not-found" });
  });

  it("purges what was deleted 30 days ago with its versions, and audits it", async () => {
    const slug = "khan-to-purge";
    await t.domain.editing.create(editor, "site", { ...newPlace(), slug });
    // Published once and taken off: it has a version, which goes with it when it is purged.
    await t.domain.editing.publish(editor, "site", slug, (await t.domain.editing.item(editor, "site", slug)).revision);
    await t.domain.editing.unpublish(editor, "site", slug, (await t.domain.editing.item(editor, "site", slug)).revision);
    expect(await t.domain.versions.list(editor, "site", slug)).toHaveLength(1);
    const item = await t.domain.editing.item(editor, "site", slug);
    await t.domain.trash.remove(editor, "site", slug, item.revision);
    const later = (days: number) =>
      trashService({ ...repositoryAccess(t.database.db), editing: t.domain.editing, now: () => new Date(Date.now() + days * 86_400_000) });
    expect(await later(TRASH_DAYS - 1).purge()).toBe(0);
    expect(await later(TRASH_DAYS + 1).purge()).toBeGreaterThanOrEqual(1);
    expect((await t.domain.trash.page(editor, 1)).items.map((i) => i.slug)).not.toContain(slug);
    expect(await auditOf(`site/${slug}`)).toEqual(expect.arrayContaining(["content.delete", "content.purge"]));
    expect(await t.domain.versions.list(editor, "site", slug)).toEqual([]);
  });
});
