// Place search behind one interface, so the API and the pages do not know how the index works.
// The index is held in memory and rebuilt when the content version changes: every instance checks the
// version (one small read) per query, so a content load on a shared PostgreSQL reaches all of them.
import type { SearchRepository, SearchDocumentRow } from "../../db/repositories/search.ts";
import { buildIndex, type PlaceDocument, type SearchIndex } from "./index.ts";

export type SearchQuery = {
  text: string;
  star?: number;
  service?: number;
  category?: number;
  city?: number;
  /** site | culture | service */
  kind?: string;
  page: number;
  perPage: number;
};
export type SearchResult = { ids: number[]; total: number };
export type SearchService = { search(query: SearchQuery): Promise<SearchResult> };

const lines = (text: string | null | undefined) =>
  (text ?? "")
    .split("\n")
    .map((s) => s.trim())
    .filter(Boolean);

/** Folds the repository's one-row-per-language documents into one document per place. */
export function placeDocuments(rows: SearchDocumentRow[]): PlaceDocument[] {
  const byId = new Map<number, PlaceDocument & { sets: Array<Set<string>> }>();
  for (const row of rows) {
    let doc = byId.get(row.id);
    if (!doc) {
      const sets = [new Set<string>(), new Set<string>(), new Set<string>(), new Set<string>(), new Set<string>()];
      doc = {
        id: row.id,
        kind: row.kind,
        categoryId: row.category_id,
        cityId: row.city_id,
        serviceTypeId: row.service_type_id,
        star: row.star,
        popularity: row.popularity,
        sets,
        names: [],
        aliases: [],
        cities: [],
        categories: [],
        summaries: [],
      };
      byId.set(row.id, doc);
    }
    const [names, aliases, cities, categories, summaries] = doc.sets as [Set<string>, Set<string>, Set<string>, Set<string>, Set<string>];
    if (row.name) names.add(row.name);
    for (const a of lines(row.aliases)) aliases.add(a);
    for (const c of [row.city_name, ...lines(row.city_aliases)]) if (c) cities.add(c);
    // The service type's name counts like a category, so "hotel damascus" finds Damascus's hotels.
    for (const c of [row.category_name, row.service_name]) if (c) categories.add(c);
    if (row.summary) summaries.add(row.summary);
  }
  return [...byId.values()].map(({ sets, ...doc }) => ({
    ...doc,
    names: [...sets[0]!],
    aliases: [...sets[1]!],
    cities: [...sets[2]!],
    categories: [...sets[3]!],
    summaries: [...sets[4]!],
  }));
}

/** How long a query waits for a rebuild before it answers from the previous version's index. */
export const REBUILD_WAIT_MS = 250;

/** Waits until the promise settles, or the time is up, whichever comes first; never throws. */
async function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([
      promise.then(
        () => {},
        () => {},
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Search over an in-memory index built from the repository at first use and rebuilt when the content version changes. */
export function indexedSearchService(repo: SearchRepository, contentVersion: () => Promise<number>): SearchService {
  let current: { version: number; index: SearchIndex } | undefined;
  let building: { version: number; index: Promise<SearchIndex> } | undefined;

  async function index(): Promise<SearchIndex> {
    const version = await contentVersion();
    if (current?.version === version) return current.index;
    // Queries that arrive during a build wait for the same build rather than starting their own.
    if (building?.version !== version) {
      const build = { version, index: repo.documents().then((rows) => buildIndex(placeDocuments(rows))) };
      building = build;
      build.index.then(
        (built) => {
          if (building === build) current = { version, index: built };
        },
        // A failed build is forgotten, so the next query tries again.
        () => {
          if (building === build) building = undefined;
        },
      );
    }
    if (!current) return building.index;
    // A large index takes seconds to rebuild: past a short wait, answer from the previous version meanwhile.
    // The build's own handler (registered first) has replaced `current` by the time a finished build is seen here.
    await waitAtMost(building.index, REBUILD_WAIT_MS);
    return current.index;
  }

  return {
    async search(q) {
      if (!q.text.trim()) return { ids: [], total: 0 };
      return (await index()).search(q);
    },
  };
}
