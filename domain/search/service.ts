// Place search behind one interface, so the API and the pages do not know how the index works.
// The index is held in memory and rebuilt when the content version changes.
import type { SearchRepository, SearchDocumentRow } from "../../db/repositories/search.ts";
import { normalize } from "./normalize.ts";

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

type Entry = { id: number; row: SearchDocumentRow; names: string[] };

/** Name matching over every language's names and alternative names: a first version the search issue replaces. */
export function nameSearchService(repo: SearchRepository, contentVersion: () => Promise<number>): SearchService {
  let built: { version: number; entries: Map<number, Entry> } | undefined;
  async function index() {
    const version = await contentVersion();
    if (built?.version === version) return built.entries;
    const entries = new Map<number, Entry>();
    for (const row of await repo.documents()) {
      const entry = entries.get(row.id) ?? { id: row.id, row, names: [] };
      entry.names.push(normalize(row.name), ...row.aliases.split("\n").filter(Boolean).map(normalize));
      entries.set(row.id, entry);
    }
    built = { version, entries };
    return entries;
  }
  return {
    async search(q) {
      const text = normalize(q.text).trim();
      if (!text) return { ids: [], total: 0 };
      const matches = [...(await index()).values()]
        .filter(({ row }) => (q.star ? row.star === q.star : true) && (q.service ? row.service_type_id === q.service : true)
          && (q.category ? row.category_id === q.category : true) && (q.city ? row.city_id === q.city : true) && (q.kind ? row.kind === q.kind : true))
        .map((e) => ({ e, score: Math.max(0, ...e.names.map((n) => (n === text ? 3 : n.startsWith(text) ? 2 : n.includes(text) ? 1 : 0))) }))
        .filter((m) => m.score > 0)
        .sort((a, b) => b.score - a.score || b.e.row.popularity - a.e.row.popularity || a.e.id - b.e.id);
      const start = (q.page - 1) * q.perPage;
      return { ids: matches.slice(start, start + q.perPage).map((m) => m.e.id), total: matches.length };
    },
  };
}
