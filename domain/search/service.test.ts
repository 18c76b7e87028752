import { describe, expect, it, vi } from "vitest";
import type { SearchDocumentRow, SearchRepository } from "../../db/repositories/search.ts";
import { buildIndex, SearchIndex } from "./index.ts";
import {
  BUILD_BATCH,
  indexedSearchService,
  MAX_PATCHED_PLACES,
  placeDocuments,
  RANKED_AT_LEAST,
  RANKINGS_KEPT,
  REBUILD_WAIT_MS,
} from "./service.ts";

function row(id: number, language: string, name: string, extra: Partial<SearchDocumentRow> = {}): SearchDocumentRow {
  return {
    id,
    kind: "site",
    category_id: 1,
    city_id: 1,
    service_type_id: null,
    star: null,
    popularity: 50,
    language,
    name,
    aliases: "",
    summary: "",
    city_name: "",
    city_aliases: "",
    category_name: "",
    service_name: "",
    ...extra,
  };
}

function fakeRepository(rows: () => SearchDocumentRow[]) {
  const calls = { documents: 0 };
  const repo: SearchRepository = {
    // What changed is never known here: every new version is rebuilt whole.
    changesSince: async () => ({ all: true, ids: [] }),
    placeIds: async () => [...new Set(rows().map((r) => r.id))],
    async documents(ids) {
      calls.documents++;
      await new Promise((r) => setTimeout(r, 5));
      return rows().filter((r) => ids.includes(r.id));
    },
  };
  return { repo, calls };
}

describe("placeDocuments", () => {
  it("folds one row per language into one document per place, without repeats", () => {
    const docs = placeDocuments([
      row(1, "en", "Palmyra", {
        aliases: "Tadmur\nتدمر",
        city_name: "Palmyra",
        city_aliases: "Tadmur",
        category_name: "Sites",
        summary: "Ruins.",
      }),
      row(1, "ar", "تدمر", {
        aliases: "Tadmur\nتدمر",
        city_name: "تدمر",
        city_aliases: "Tadmur",
        category_name: "مواقع",
        summary: "أطلال.",
      }),
    ]);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      id: 1,
      names: ["Palmyra", "تدمر"],
      aliases: ["Tadmur", "تدمر"],
      cities: ["Palmyra", "Tadmur", "تدمر"],
      categories: ["Sites", "مواقع"],
      summaries: ["Ruins.", "أطلال."],
    });
  });
});

describe("indexedSearchService", () => {
  it("builds the index once per content version, and again when the version changes", async () => {
    let version = 1;
    let names = ["Palmyra"];
    const { repo, calls } = fakeRepository(() => names.map((n, i) => row(i + 1, "en", n)));
    const search = indexedSearchService(repo, async () => version);

    // Queries that arrive together share one build.
    const answers = await Promise.all([1, 2, 3].map(() => search.search({ text: "palmyra", page: 1, perPage: 10 })));
    expect(answers.map((a) => a.ids)).toEqual([[1], [1], [1]]);
    expect(calls.documents).toBe(1);
    await search.search({ text: "palmyra", page: 1, perPage: 10 });
    expect(calls.documents).toBe(1);

    names = ["Bosra", "Palmyra"];
    version = 2;
    expect(await search.search({ text: "palmyra", page: 1, perPage: 10 })).toEqual({ ids: [2], total: 1 });
    expect(calls.documents).toBe(2);
  });

  it("answers from the previous index while a slow rebuild runs, then from the new one", async () => {
    // Time is simulated: the rebuild takes 600 ms of it, and nothing here depends on how fast the machine is.
    // Only timeouts are simulated: a build lets requests in between batches with setImmediate, which stays real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let version = 1;
      let delay = 0;
      let names = ["Palmyra"];
      const repo: SearchRepository = {
        changesSince: async () => ({ all: true, ids: [] }),
        placeIds: async () => names.map((_, i) => i + 1),
        async documents() {
          const rows = names.map((n, i) => row(i + 1, "en", n));
          await new Promise((r) => setTimeout(r, delay));
          return rows;
        },
      };
      const search = indexedSearchService(repo, async () => version);
      const first = search.search({ text: "bosra", page: 1, perPage: 10 });
      await vi.advanceTimersByTimeAsync(0);
      expect((await first).ids).toEqual([]);

      names = ["Palmyra", "Bosra"];
      version = 2;
      delay = 600;
      let answered = false;
      const during = search.search({ text: "bosra", page: 1, perPage: 10 }).then((r) => {
        answered = true;
        return r;
      });
      // A query gives the rebuild a quarter of a second, then answers from the previous index, long before the
      // rebuild ends.
      await vi.advanceTimersByTimeAsync(1);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(REBUILD_WAIT_MS);
      expect(answered).toBe(true);
      expect((await during).ids).toEqual([]);
      await vi.advanceTimersByTimeAsync(600);
      expect((await search.search({ text: "bosra", page: 1, perPage: 10 })).ids).toEqual([2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a blank query without building anything", async () => {
    const { repo, calls } = fakeRepository(() => []);
    const search = indexedSearchService(repo, async () => 1);
    expect(await search.search({ text: "  ", page: 1, perPage: 10 })).toEqual({ ids: [], total: 0 });
    expect(calls.documents).toBe(0);
  });

  it("tries again after a failed build", async () => {
    let fail = true;
    const repo: SearchRepository = {
      changesSince: async () => ({ all: true, ids: [] }),
      placeIds: async () => [1],
      async documents() {
        if (fail) throw new Error("database unavailable");
        return [row(1, "en", "Palmyra")];
      },
    };
    const search = indexedSearchService(repo, async () => 1);
    await expect(search.search({ text: "palmyra", page: 1, perPage: 10 })).rejects.toThrow("database unavailable");
    fail = false;
    expect((await search.search({ text: "palmyra", page: 1, perPage: 10 })).ids).toEqual([1]);
  });

  it("follows a publish by reading only the places it changed, never every place again", async () => {
    let version = 1;
    let places: Record<number, string> = { 1: "Palmyra", 2: "Bosra", 3: "Apamea" };
    let changed: number[] = [];
    const read: number[][] = [];
    const repo: SearchRepository = {
      changesSince: async () => ({ all: false, ids: changed }),
      placeIds: async () => Object.keys(places).map(Number),
      async documents(ids) {
        read.push(ids);
        return Object.entries(places)
          .filter(([id]) => ids.includes(Number(id)))
          .map(([id, name]) => row(Number(id), "en", name));
      },
    };
    const search = indexedSearchService(repo, async () => version);
    expect((await search.search({ text: "bosra", page: 1, perPage: 10 })).ids).toEqual([2]);

    // Bosra is renamed, Apamea taken off: two places changed, and only they are read.
    places = { 1: "Palmyra", 2: "Bosra al-Sham" };
    changed = [2, 3];
    version = 2;
    expect((await search.search({ text: "bosra al-sham", page: 1, perPage: 10 })).ids).toEqual([2]);
    expect((await search.search({ text: "apamea", page: 1, perPage: 10 })).ids).toEqual([]);
    expect((await search.search({ text: "palmyra", page: 1, perPage: 10 })).ids).toEqual([1]);
    // A place found in the base and in the patch is listed once.
    expect((await search.search({ text: "bosra", page: 1, perPage: 10 })).total).toBe(1);
    expect(read).toEqual([
      [1, 2, 3],
      [2, 3],
    ]);
  });

  it("rebuilds whole when more places changed than a patch should hold", async () => {
    let version = 1;
    const read: number[][] = [];
    const many = Array.from({ length: MAX_PATCHED_PLACES + 1 }, (_, i) => i + 1);
    const repo: SearchRepository = {
      changesSince: async () => ({ all: false, ids: many }),
      placeIds: async () => [1],
      async documents(ids) {
        read.push(ids);
        return [row(1, "en", version === 1 ? "Palmyra" : "Tadmur")];
      },
    };
    const search = indexedSearchService(repo, async () => version);
    await search.search({ text: "palmyra", page: 1, perPage: 10 });
    version = 2;
    expect((await search.search({ text: "tadmur", page: 1, perPage: 10 })).ids).toEqual([1]);
    // Two whole builds of the one place there is; the 2,001 changed ids are never read as a patch.
    expect(read).toEqual([[1], [1]]);
  });

  it("reads a whole build a batch of places at a time, so the site's texts are never all in memory", async () => {
    const ids = Array.from({ length: 2 * BUILD_BATCH + 7 }, (_, i) => i + 1);
    const sizes: number[] = [];
    const repo: SearchRepository = {
      changesSince: async () => ({ all: true, ids: [] }),
      placeIds: async () => ids,
      async documents(batch) {
        sizes.push(batch.length);
        return batch.map((id) => row(id, "en", id === ids.length ? "Apamea" : `Inn ${id}`));
      },
    };
    const search = indexedSearchService(repo, async () => 1);
    expect(await search.search({ text: "apamea", page: 1, perPage: 10 })).toEqual({ ids: [ids.length], total: 1 });
    expect(sizes).toEqual([BUILD_BATCH, BUILD_BATCH, 7]);
  });

  it("answers a search's next pages from the ranking its first page made, until the content changes", async () => {
    let version = 1;
    let rows = Array.from({ length: RANKED_AT_LEAST + 50 }, (_, i) => row(i + 1, "en", `Inn ${i + 1}`, { popularity: (i * 37) % 100 }));
    const { repo } = fakeRepository(() => rows);
    const search = indexedSearchService(repo, async () => version);
    const pages = (text: string, perPage: number, count: number, filters = {}) =>
      Promise.all(Array.from({ length: count }, (_, i) => search.search({ text, page: i + 1, perPage, ...filters })));
    const expected = (text: string, page: number, perPage: number) => buildIndex(placeDocuments(rows)).search({ text, page, perPage });

    const later = RANKED_AT_LEAST / 10 + 2;
    const wanted = [...Array.from({ length: RANKED_AT_LEAST / 10 }, (_, i) => expected("inn", i + 1, 10)), expected("inn", later, 10)];

    await search.prepare();
    const rank = vi.spyOn(SearchIndex.prototype, "rank");
    try {
      // Ten pages of ten: one ranking, and each page exactly what a fresh index gives (ten places, in order).
      const tens = await pages("inn", 10, RANKED_AT_LEAST / 10);
      expect(rank).toHaveBeenCalledTimes(1);
      for (const [i, answer] of tens.entries()) {
        expect(answer.ids).toHaveLength(10);
        expect(answer).toEqual(wanted[i]);
      }
      // A page past what was ranked ranks again; a filter is another search.
      expect(await search.search({ text: "inn", page: later, perPage: 10 })).toEqual(wanted.at(-1));
      expect(rank).toHaveBeenCalledTimes(2);
      expect((await pages("inn", 10, 1, { kind: "culture" }))[0]).toEqual({ ids: [], total: 0 });
      expect(rank).toHaveBeenCalledTimes(3);
    } finally {
      rank.mockRestore();
    }

    // A new content version: the places' new names, never the kept ranking.
    rows = rows.map((r) => (r.id === 1 ? { ...r, name: "Caravanserai" } : r));
    version = 2;
    expect(await search.search({ text: "inn", page: 1, perPage: 10 })).toEqual(expected("inn", 1, 10));
    expect((await search.search({ text: "inn", page: 1, perPage: 200 })).ids).not.toContain(1);
  });

  it("keeps a bounded number of rankings, forgetting the least recently used", async () => {
    const { repo } = fakeRepository(() => [row(1, "en", "Palmyra")]);
    const search = indexedSearchService(repo, async () => 1);
    await search.prepare();
    const rank = vi.spyOn(SearchIndex.prototype, "rank");
    try {
      const ask = (text: string) => search.search({ text, page: 1, perPage: 10 });
      await ask("palmyra");
      for (let i = 0; i < RANKINGS_KEPT; i++) {
        await ask(`word${i}`);
        // "palmyra" is asked again now and then, so it stays among the most recently used.
        if (i % 50 === 0) await ask("palmyra");
      }
      const before = rank.mock.calls.length;
      await ask("palmyra");
      expect(rank.mock.calls.length).toBe(before);
      await ask("word0");
      expect(rank.mock.calls.length).toBe(before + 1);
    } finally {
      rank.mockRestore();
    }
  });
});
