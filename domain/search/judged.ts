// Measures search quality on a judged query set: for each query, the place that must come first.
export type JudgedQuery = { query: string; language: string; expect: string };
type Miss = JudgedQuery & { rank: number | null; got: string[] };
export type Quality = {
  queries: number;
  mrr: number;
  recallAt1: number;
  recallAt10: number;
  misses: Miss[];
  byLanguage: Record<string, { queries: number; mrr: number; recallAt1: number }>;
};

/** Runs every query (top ten ids) and scores where the expected place came: MRR, recall@1, recall@10. */
export async function measure(
  queries: JudgedQuery[],
  topTen: (text: string) => Promise<number[]>,
  idOf: Map<string, number>,
): Promise<Quality> {
  const slugOf = new Map([...idOf].map(([slug, id]) => [id, slug]));
  const misses: Miss[] = [];
  const byLanguage: Record<string, { queries: number; rr: number; first: number }> = {};
  let rr = 0,
    first = 0,
    inTen = 0;
  for (const q of queries) {
    const ids = await topTen(q.query);
    const index = ids.indexOf(idOf.get(q.expect) ?? -1);
    const lang = (byLanguage[q.language] ??= { queries: 0, rr: 0, first: 0 });
    lang.queries++;
    if (index >= 0) {
      rr += 1 / (index + 1);
      lang.rr += 1 / (index + 1);
      inTen++;
    }
    if (index === 0) {
      first++;
      lang.first++;
    } else misses.push({ ...q, rank: index >= 0 ? index + 1 : null, got: ids.slice(0, 3).map((id) => slugOf.get(id) ?? String(id)) });
  }
  const n = queries.length || 1;
  return {
    queries: queries.length,
    mrr: rr / n,
    recallAt1: first / n,
    recallAt10: inTen / n,
    misses,
    byLanguage: Object.fromEntries(
      Object.entries(byLanguage).map(([k, v]) => [k, { queries: v.queries, mrr: v.rr / v.queries, recallAt1: v.first / v.queries }]),
    ),
  };
}
