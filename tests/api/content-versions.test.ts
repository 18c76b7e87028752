// Every version the site has shown, on both engines, through the domain services the pages call: each publish
// keeps one (numbered, with who and when); the item's page lists them with what each changed; two are compared
// field by field, or one with the draft; an old one comes back as the draft, saved and audited as a change,
// and is public once published; after two years only the last of each month is kept; a purged item's go too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { repositoryAccess } from "../../db/repositories/repositories.ts";
import { versionsService, VERSIONS_KEPT_WHOLE_DAYS } from "../../domain/content/versions.ts";
import { versionsRepository } from "../../db/repositories/versions.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const other: Editor = { id: "e2", email: "second.editor@example.org", role: "editor", languages: "" };
const translator: Editor = { id: "t1", email: "translator@example.org", role: "translator", languages: "fr" };
const viewer: Editor = { id: "v1", email: "viewer@example.org", role: "viewer", languages: "" };

describe.each(ENGINES)("versions on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());

  const summaryOf = async () => {
    const item = await t.domain.editing.item(editor, "site", "straight-street");
    return { item, draft: item.draft as { summary: Record<string, string> } };
  };
  const publicSummary = async () =>
    (await t.database.db.selectFrom("places").select("id").where("slug", "=", "straight-street").executeTakeFirst()) &&
    (await t.domain.editing.item(editor, "site", "straight-street")).published;

  it("keeps each publish as a version, lists what each changed, compares two, and brings an old one back", async () => {
    const { editing, versions } = t.domain;
    // A place the seed loaded has no version yet: a load is not a publish from the workspace.
    expect(await versions.list(viewer, "site", "straight-street")).toEqual([]);
    const first = await summaryOf();
    const original = first.draft.summary.en!;
    await editing.publish(editor, "site", "straight-street", first.item.revision);
    const changed = await editing.save(editor, "site", "straight-street", first.item.revision, {
      ...first.draft,
      summary: { ...first.draft.summary, en: "The Roman road through the old city, a souq along all of it today." },
    });
    await editing.publish(other, "site", "straight-street", changed);

    const listed = await versions.list(viewer, "site", "straight-street");
    expect(listed.map((v) => [v.version, v.publishedBy, v.changed])).toEqual([
      [2, other.email, ["summary.en"]],
      [1, editor.email, []],
    ]);
    // What each changed is kept with it when it is published (migration 029), not found again at every listing…
    const stored = () =>
      t.database.db
        .selectFrom("content_versions")
        .select(["version", "changed"])
        .where("slug", "=", "straight-street")
        .orderBy("version")
        .execute();
    expect(await stored()).toEqual([
      { version: 1, changed: "[]" },
      { version: 2, changed: '["summary.en"]' },
    ]);
    // …and a version kept without it (before migration 029) is compared with the one before it, as it was.
    await t.database.db.updateTable("content_versions").set({ changed: null }).where("slug", "=", "straight-street").execute();
    expect((await versions.list(viewer, "site", "straight-street")).map((v) => v.changed)).toEqual([["summary.en"], []]);
    const compared = await versions.compare(viewer, "site", "straight-street", 1, 2);
    expect(compared).toMatchObject({
      from: { version: 1, publishedBy: editor.email },
      to: { version: 2, publishedBy: other.email },
      before: { "summary.en": original },
      after: { "summary.en": expect.stringContaining("souq along all of it") },
    });
    // Version 2 is the draft: compared with the draft, nothing differs.
    expect((await versions.compare(viewer, "site", "straight-street", 2, null)).after).toEqual({});

    // Version 1 back as the draft: a new revision, off the site until published, audited as a save and a restore.
    const now = await summaryOf();
    const restored = await versions.restore(editor, "site", "straight-street", 1, now.item.revision);
    expect(restored).toBe(now.item.revision + 1);
    expect((await summaryOf()).draft.summary.en).toBe(original);
    expect((await publicSummary()) as { summary: Record<string, string> }).toMatchObject({
      summary: { en: expect.stringContaining("souq") },
    });
    await editing.publish(editor, "site", "straight-street", restored);
    expect((await versions.list(viewer, "site", "straight-street")).map((v) => v.version)).toEqual([3, 2, 1]);
    const actions = (await t.domain.workspace.audit({ limit: 10, offset: 0 }))
      .filter((e) => e.target === "site/straight-street")
      .map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(["content.publish", "content.version-restore", "content.save"]);
  });

  it("refuses a version that is not one, a stale revision, and roles that may not", async () => {
    const { versions } = t.domain;
    const { item } = await summaryOf();
    for (const n of [0, 99, Number.NaN]) {
      await expect(versions.compare(viewer, "site", "straight-street", n, null)).rejects.toMatchObject({ code: "not-found" });
      await expect(versions.restore(editor, "site", "straight-street", n, item.revision)).rejects.toMatchObject({ code: "not-found" });
    }
    // (The draft is version 1's text again: version 2 differs from it.)
    await expect(versions.restore(editor, "site", "straight-street", 2, item.revision - 1)).rejects.toMatchObject({ code: "conflict" });
    await expect(versions.restore(translator, "site", "straight-street", 2, item.revision)).rejects.toMatchObject({ code: "forbidden" });
    await expect(versions.restore(viewer, "site", "straight-street", 2, item.revision)).rejects.toMatchObject({ code: "forbidden" });
    // Bringing back what the draft already is changes nothing and records nothing.
    const entries = (await t.domain.workspace.audit({ limit: 100, offset: 0 })).length;
    expect(await versions.restore(editor, "site", "straight-street", 1, item.revision)).toBe(item.revision);
    expect((await t.domain.workspace.audit({ limit: 100, offset: 0 })).length).toBe(entries);
  });

  it("keeps every version for two years, then the last of each month", async () => {
    const repo = versionsRepository(t.database.db);
    const day = (iso: string) => `${iso}T10:00:00.000Z`;
    // Each kept as if it had changed a field "kept" (the bodies differ in "at"): which are compared again shows.
    for (const at of ["2023-01-03", "2023-01-20", "2023-01-28", "2023-02-10", "2024-12-01", "2024-12-30"])
      await repo.add({ type: "city", slug: "damascus" }, { at }, day(at), null, ["kept"]);
    const later = versionsService({
      ...repositoryAccess(t.database.db),
      editing: t.domain.editing,
      now: () => new Date("2026-11-27T00:00:00Z"),
    });
    expect(VERSIONS_KEPT_WHOLE_DAYS).toBe(730);
    // Before 2024-11-27: January 2023 keeps its last, February its one; December 2024 is within two years.
    expect(await later.thin()).toBe(2);
    const kept = (await later.list(viewer, "city", "damascus")).map((v) => [v.publishedAt.slice(0, 10), v.changed]);
    // January's last lost the versions before it: it is the first now, and changed nothing from none.
    expect(kept).toEqual([
      ["2024-12-30", ["kept"]],
      ["2024-12-01", ["kept"]],
      ["2023-02-10", ["kept"]],
      ["2023-01-28", []],
    ]);
    expect(await later.thin()).toBe(0);
  });
});
