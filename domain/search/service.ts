// Place search behind one interface, so the API and the pages do not know how the index works.
// The index is held in memory and follows the content version: every instance checks the version (one small
// read) per query, so a publish on a shared PostgreSQL reaches all of them. A publish changes one place, which
// is read and indexed alone; a load rebuilds the index whole, reading the places in batches (decision 023).
import type { SearchRepository, SearchDocumentRow } from "../../db/repositories/search.ts";
import { keepRecentlyUsed } from "../../shared/recently-used.ts";
import { IndexBuilder } from "./index-build.ts";
import { buildIndex, type PlaceDocument, type Ranking, SearchIndex } from "./index.ts";

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
type SearchResult = { ids: number[]; total: number };
export type SearchService = {
  search(query: SearchQuery): Promise<SearchResult>;
  /** Builds the index for the current content now, so that the first visitor's search does not wait for it. */
  prepare(): Promise<void>;
};

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
    names: [...sets[0]],
    aliases: [...sets[1]],
    cities: [...sets[2]],
    categories: [...sets[3]],
    summaries: [...sets[4]],
  }));
}

/**
 * Places read and indexed at a time by a whole build: one batch's rows are all it holds of the site's texts
 * (at 50,000 places, all of them at once would not fit the server's heap), and visitors' requests are
 * answered between batches.
 */
export const BUILD_BATCH = 100;

/** The index of every place, read a batch at a time. */
async function wholeIndex(repo: SearchRepository): Promise<SearchIndex> {
  const builder = new IndexBuilder();
  const ids = await repo.placeIds();
  for (let i = 0; i < ids.length; i += BUILD_BATCH) {
    for (const doc of placeDocuments(await repo.documents(ids.slice(i, i + BUILD_BATCH)))) builder.add(doc);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const index = new SearchIndex(builder.finish());
  index.warmUp();
  return index;
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

/**
 * Changed places past which the index is rebuilt whole rather than patched: a patch is read and indexed while a
 * visitor's query waits, so it stays small; a whole-site load changes more, and is rebuilt in the background.
 */
export const MAX_PATCHED_PLACES = 2000;

/**
 * An index as of a content version: the last whole build (`base`), and the places changed since then indexed
 * apart (`patch`), which hide their old entries in the base.
 */
type Built = { version: number; baseVersion: number; base: SearchIndex; patch?: { index: SearchIndex; replaced: Set<number> } };

/** Both parts' best matches (the first `limit`), the patch's in place of the base's: the ranking one index would give. */
function ranked(built: Built, q: SearchQuery, limit: number): Ranking {
  if (!built.patch) return built.base.rank(q, { limit });
  const { index, replaced } = built.patch;
  const base = built.base.rank(q, { limit, exclude: (id) => replaced.has(id) });
  const patch = index.rank(q, { limit });
  const top = [...base.top, ...patch.top].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
  return { top, total: base.total + patch.total };
}

/**
 * Rankings kept for the index in use, by query and filters: a visitor's next pages, and the searches many
 * visitors make ("palmyra"), are not ranked again. A ranking over a common word reads thousands of places
 * (3 to 8 ms at 50,000, bench/search-ranking.ts), a kept one costs a lookup. Each holds the places down to the
 * deepest page asked and RANKED_AT_LEAST more (a few kB for the first ten pages), within the API's page limits.
 */
export const RANKINGS_KEPT = 200;
/** Places a ranking puts in order at least: the first ten pages of ten come from one ranking. */
export const RANKED_AT_LEAST = 100;

/** The kept rankings of one index (a new content version is a new index, and starts none). */
class KeptRankings {
  readonly built: Built;
  private readonly rankings = new Map<string, Ranking>();
  constructor(built: Built) {
    this.built = built;
  }

  /** The ranking of the query's first `limit` places: kept, or made and kept (the oldest kept one goes). */
  of(q: SearchQuery, limit: number): Ranking {
    const key = JSON.stringify([q.text, q.star, q.service, q.category, q.city, q.kind]);
    const kept = this.rankings.get(key);
    if (kept && (kept.top.length >= limit || kept.top.length === kept.total)) {
      // Used again: it goes last in the map's order, the last to be forgotten.
      this.rankings.delete(key);
      this.rankings.set(key, kept);
      return kept;
    }
    // A visitor paging past what was ranked gets the next RANKED_AT_LEAST places with this one ranking, not one
    // ranking per page (page 11 and after were each ranked anew: 10 to 30 ms at 50,000 places).
    const made = ranked(this.built, q, Math.max(limit, (kept?.top.length ?? 0) + RANKED_AT_LEAST));
    keepRecentlyUsed(this.rankings, key, made, RANKINGS_KEPT);
    return made;
  }
}

/**
 * Search over an in-memory index built from the repository at first use. When the content version changes,
 * the places that version changed (one publish: one place) are read and indexed alone, so a publish is found at
 * once at any size of the site; when a load changed everything, the index is rebuilt whole in the background.
 */
export function indexedSearchService(repo: SearchRepository, contentVersion: () => Promise<number>): SearchService {
  let current: Built | undefined;
  let building: { version: number; built: Promise<Built> } | undefined;
  let patching: { version: number; built: Promise<Built | undefined> } | undefined;
  let kept: KeptRankings | undefined;
  const keep = (built: Built) => {
    if (!current || current.version <= built.version) current = built;
  };

  /** A whole build; queries that arrive during it share it. */
  function rebuild(version: number): Promise<Built> {
    if (building?.version === version) return building.built;
    const build = {
      version,
      built: wholeIndex(repo).then((base) => ({ version, baseVersion: version, base })),
    };
    building = build;
    build.built.then(
      (built) => {
        if (building === build) building = undefined;
        keep(built);
      },
      // A failed build is forgotten, so the next query tries again.
      () => {
        if (building === build) building = undefined;
      },
    );
    return build.built;
  }

  /** The base of `from` with the places changed since it read and indexed apart; undefined when too many changed. */
  async function patched(from: Built, version: number): Promise<Built | undefined> {
    const changes = await repo.changesSince(from.baseVersion);
    if (changes.all || changes.ids.length > MAX_PATCHED_PLACES) return undefined;
    const docs = placeDocuments(await repo.documents(changes.ids));
    return { ...from, version, patch: { index: buildIndex(docs), replaced: new Set(changes.ids) } };
  }

  async function index(): Promise<Built> {
    const version = await contentVersion();
    if (current?.version === version) return current;
    if (!current) return rebuild(version);
    if (patching?.version !== version) {
      const patch = { version, built: patched(current, version).catch(() => undefined) };
      patching = patch;
    }
    const patch = await patching.built;
    if (patch) {
      keep(patch);
      return current;
    }
    // Too much changed: rebuilt whole. A query gives it a quarter of a second, then answers from the last index.
    await waitAtMost(rebuild(version), REBUILD_WAIT_MS);
    return current;
  }

  return {
    async prepare() {
      await index();
    },
    async search(q) {
      if (!q.text.trim()) return { ids: [], total: 0 };
      const start = Math.max(0, q.page - 1) * q.perPage;
      const built = await index();
      if (kept?.built !== built) kept = new KeptRankings(built);
      const { top, total } = kept.of(q, start + q.perPage);
      return { ids: top.slice(start, start + q.perPage).map((r) => r.id), total };
    },
  };
}
