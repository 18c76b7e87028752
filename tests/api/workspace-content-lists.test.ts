// The workspace's lists and translation states on both engines, through the domain service its pages call: a
// translation turns outdated when its English changes and done once it is translated again; translation work
// is listed a page at a time, a row under every state it has; and one kind's items are listed a page at a
// time, found by a word of their name in any language, filtered by city, category, governorate, publication
// and translation state, and sorted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { EditingService } from "../../domain/content/editing.ts";
import type { newPlace } from "../fixtures/new-place.ts";
import { editor, translator } from "../fixtures/workspace-content.ts";

describe.each(ENGINES)("workspace content lists on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let editing: EditingService;
  beforeAll(async () => {
    t = await testApp(engine);
    editing = t.domain.editing;
  });
  afterAll(() => t.close());

  it("marks a translation outdated when its English changes, and done again once it is translated", async () => {
    const item = await editing.item(editor, "site", "citadel-of-aleppo");
    expect(item.states.fr.name).toBe("done");
    const draft = item.draft as ReturnType<typeof newPlace>;
    const revision = await editing.save(editor, "site", "citadel-of-aleppo", item.revision, {
      ...draft,
      name: { ...draft.name, en: "The Citadel of Aleppo" },
    });
    const changed = await editing.item(editor, "site", "citadel-of-aleppo");
    expect(changed.states.en.name).toBe("done");
    expect(changed.states.fr.name).toBe("outdated");
    const table = await editing.translations(translator, { state: "outdated", page: 1 });
    expect(table.languages).toEqual(["fr"]);
    expect(table.rows).toContainEqual(expect.objectContaining({ slug: "citadel-of-aleppo", language: "fr", outdated: ["name"] }));
    const fr = changed.draft as ReturnType<typeof newPlace>;
    await editing.save(translator, "site", "citadel-of-aleppo", revision, { ...fr, name: { ...fr.name, fr: "La Citadelle d'Alep" } });
    expect((await editing.item(editor, "site", "citadel-of-aleppo")).states.fr.name).toBe("done");
  });

  it("lists translation work a page at a time, a row under every state it has, found by name and named in the reader's language", async () => {
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const draft = structuredClone(item.draft) as ReturnType<typeof newPlace>;
    // French: the name outdated (its English changed), the summary missing.
    const { fr: _summary, ...summary } = draft.summary as Record<string, string>;
    await editing.save(editor, "site", "umayyad-mosque", item.revision, {
      ...draft,
      name: { ...draft.name, en: "The Great Umayyad Mosque" },
      summary,
    });
    const rowOf = async (filter: Parameters<typeof editing.translations>[1]) =>
      (await editing.translations(editor, filter)).rows.find(
        (r) => r.type === "site" && r.slug === "umayyad-mosque" && r.language === "fr",
      );
    for (const state of [undefined, "missing", "outdated", "all"] as const)
      expect(await rowOf({ state, language: "fr", words: "umayyad", page: 1 }), state).toMatchObject({
        missing: ["summary"],
        outdated: ["name"],
      });
    expect(await rowOf({ state: "done", language: "fr", words: "umayyad", page: 1 })).toBeUndefined();
    expect((await rowOf({ language: "fr", words: "umayyad", page: 1, viewer: "ar" }))?.title).toBe(draft.name.ar);
    const first = await editing.translations(editor, { state: "all", page: 1 });
    expect(new Set(first.rows.map((r) => r.slug)).size).toBeLessThanOrEqual(50);
    expect(first.pages).toBe(Math.max(1, Math.ceil(first.total / 50)));
  });

  it("lists one kind's items a page at a time, and finds them by a word of their name", async () => {
    const all = await t.domain.editing.list(editor, "site");
    const first = await t.domain.editing.listPage(editor, "site", { page: 1 });
    expect(first.items.map((i) => i.slug)).toEqual(all.slice(0, 50).map((i) => i.slug));
    expect(first).toMatchObject({ total: all.length, pages: Math.max(1, Math.ceil(all.length / 50)) });
    const found = await t.domain.editing.listPage(editor, "site", { words: "UMAYYAD", page: 1 });
    expect(found.items.map((i) => i.slug)).toEqual(["umayyad-mosque"]);
    // LIKE's own characters are searched as themselves, not as patterns.
    expect((await t.domain.editing.listPage(editor, "site", { words: "%", page: 1 })).total).toBe(0);
  });

  it("finds an item by its name in any language as the site's search does: misspelt, without accents, half typed, or renamed", async () => {
    const find = async (words: string) => (await editing.listPage(editor, "site", { words, page: 1 })).items.map((i) => i.slug);
    // A wrong letter in Arabic (غ for ع), the hamza left off, and the article as typed.
    expect(await find("الجامغ الاموي")).toContain("umayyad-mosque");
    expect(await find("Umayad")).toContain("umayyad-mosque");
    expect(await find("mosquee des omeyades")).toContain("umayyad-mosque");
    expect(await find("EMEVİ CAMİİ")).toContain("umayyad-mosque");
    expect(await find("倭马亚")).toContain("umayyad-mosque");
    expect(await find("umay")).toContain("umayyad-mosque");
    // Another name it is known by, and its slug.
    expect(await find("great mosque of damascus")).toContain("umayyad-mosque");
    expect(await find("umayyad-mosque")).toContain("umayyad-mosque");
    expect(await find("zqxjv")).toEqual([]);
    // Every word typed must be met: a right word and a wrong one find nothing.
    expect(await find("umayyad zqxjv")).toEqual([]);
    // A name given in a save is found at once, misspelt too (its words join the vocabulary).
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const draft = item.draft as { name: Record<string, string> };
    await editing.save(editor, "site", "umayyad-mosque", item.revision, {
      ...draft,
      name: { ...draft.name, en: "Umayyad Mosque of Zenobiaville" },
    });
    expect(await find("zenobiavile")).toEqual(["umayyad-mosque"]);
  });

  it("filters the list by city, category and publication state, and sorts it by name, last change and who made it", async () => {
    const page = (filter: Parameters<typeof editing.listPage>[2]) => editing.listPage(editor, "site", filter);
    const inAleppo = await page({ city: "aleppo", page: 1 });
    expect(inAleppo.items.map((i) => i.slug)).toContain("citadel-of-aleppo");
    expect(inAleppo.items.map((i) => i.slug)).not.toContain("umayyad-mosque");
    const item = await editing.item(editor, "site", "umayyad-mosque");
    const category = (item.draft as { category: string }).category;
    expect((await page({ category, city: "damascus", page: 1 })).items.map((i) => i.slug)).toContain("umayyad-mosque");
    // A saved change not yet published shows under "changed", and first when sorted by the last change.
    const popularity = ((item.draft as { popularity: number }).popularity % 100) + 1;
    await editing.save(editor, "site", "umayyad-mosque", item.revision, { ...(item.draft as object), popularity });
    expect((await page({ state: "changed", page: 1 })).items.map((i) => i.slug)).toContain("umayyad-mosque");
    expect((await page({ state: "published", city: "damascus", page: 1 })).items.map((i) => i.slug)).not.toContain("umayyad-mosque");
    expect((await page({ sort: "updated", page: 1 })).items[0]?.slug).toBe("umayyad-mosque");
    const byName = (await page({ sort: "title", page: 1 })).items.map((i) => i.title);
    expect(byName).toEqual([...byName].sort());
    expect((await page({ sort: "updatedBy", page: 1 })).items.at(-1)?.updatedBy ?? null).not.toBe(undefined);
  });

  it("filters the list by governorate and by a language's translation state", async () => {
    const slugs = async (filter: Parameters<typeof editing.listPage>[2]) =>
      (await editing.listPage(editor, "site", filter)).items.map((i) => i.slug);
    expect(await slugs({ governorate: "damascus", page: 1 })).toContain("umayyad-mosque");
    expect(await slugs({ governorate: "aleppo", page: 1 })).toEqual(["citadel-of-aleppo"]);
    const item = await editing.item(editor, "site", "citadel-of-aleppo");
    const draft = item.draft as { summary: Record<string, string> };
    const { it: _, ...summary } = draft.summary;
    await editing.save(editor, "site", "citadel-of-aleppo", item.revision, { ...draft, summary });
    expect(await slugs({ translation: { language: "it", state: "missing" }, page: 1 })).toContain("citadel-of-aleppo");
    expect(await slugs({ translation: { language: "it", state: "done" }, page: 1 })).not.toContain("citadel-of-aleppo");
    expect(await slugs({ translation: { language: "fr", state: "missing" }, page: 1 })).not.toContain("citadel-of-aleppo");
    expect(await slugs({ translation: { language: "fr", state: "done" }, page: 1 })).toContain("citadel-of-aleppo");
  });
});
