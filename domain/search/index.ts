// Ranking over the in-process search index (its tables are built in index-build.ts, a query's words are read
// in query-terms.ts). A query in any language finds the place; ranking is phrase-aware: a query that is a whole
// name beats one word of a longer name, and popularity breaks ties.
import { tokenize } from "../../shared/search/normalize.ts";
import { IndexBuilder, POSITION_BITS, POSITION_MASK, type PlaceDocument, SUMMARY, type Tables } from "./index-build.ts";
import { Leading } from "./leading.ts";
import { EXACT, QueryTerms } from "./query-terms.ts";

export type { PlaceDocument } from "./index-build.ts";
import type { SearchQuery } from "./service.ts";

/** What the index is asked: the search service's query. */
type IndexQuery = SearchQuery;
type ScoredPlace = { id: number; score: number };
/** The best matches (at most `limit`), best first, and how many places matched in all. */
export type Ranking = { top: ScoredPlace[]; total: number };
/** How much of a ranking is wanted: the first `limit`, leaving out the places `exclude` names. */
type RankOptions = { limit?: number; exclude?: (id: number) => boolean };

// Names and aliases are what people type; the city and category narrow ("castle aleppo"); summaries only help.
const FIELD_WEIGHT = [1, 1, 0.5, 0.4, 0.2];
// A query that is a whole name: the place's own name a little ahead of an alias another place shares.
const EXACT_NAME_BONUS = [0.3, 0.25];
const MAX_QUERY_POSITIONS = 10;
/** Words whose queries warm the ranking code up (see warmUp). */
const WARM_UP_WORDS = 20;
/** How many places a warm-up query puts in order: as many as the search service asks for. */
const RANKED_WHEN_WARMING = 100;
/** Postings above which a query word only scores places other words found (see match()). */
const COMMON_POSTINGS = 5000;

export class SearchIndex extends QueryTerms {
  // Scratch space for one query at a time (the index is used from one thread): per place, the best match of
  // each query word, done flags and name measures; per touched name phrase, a slot of matches.
  private best = new Float64Array(0);
  private readonly done: Uint8Array;
  private readonly complete: Float64Array;
  private readonly exact: Float64Array;
  // The places a query touched, and their scores and coverage: as many as the index holds at most, allocated
  // once (a common word touches tens of thousands; arrays made per query were the collector's work).
  private readonly touched: Int32Array;
  private touchedCount = 0;
  private readonly scoreOf: Float64Array;
  private readonly coverageOf: Float64Array;
  // A phrase's slot is slotOf[phrase] when slotPhrase names it back (a sparse set: nothing is reset between queries).
  private readonly slotOf: Int32Array;
  private slotCount = 0;
  private slotPhrase = new Int32Array(0);
  private slotDoc = new Int32Array(0);
  private slotQuality = new Float64Array(0);
  private slotPosition = new Int32Array(0);
  private slotShare = new Float64Array(0);
  // Each place's popularity and id in arrays of numbers: read for every match of a common word, they cost a
  // cache miss each when read from the places' objects.
  private readonly popularity: Float64Array;
  private readonly ids: Int32Array;

  constructor(tables: Tables) {
    super(tables);
    this.popularity = Float64Array.from(this.places, (doc) => doc.popularity);
    this.ids = Int32Array.from(this.places, (doc) => doc.id);
    this.done = new Uint8Array(this.size);
    this.complete = new Float64Array(this.size);
    this.exact = new Float64Array(this.size);
    this.touched = new Int32Array(this.size);
    this.scoreOf = new Float64Array(this.size);
    this.coverageOf = new Float64Array(this.size);
    this.slotOf = new Int32Array(this.phraseDoc.length);
  }

  /**
   * The best matching places, best first, and how many matched. Only the first `limit` are put in order: a
   * query naming a city matches thousands of places at national scale, and a page shows ten.
   */
  rank(q: IndexQuery, { limit = Number.POSITIVE_INFINITY, exclude }: RankOptions = {}): Ranking {
    const none = { top: [], total: 0 };
    const positions = tokenize(q.text).slice(0, MAX_QUERY_POSITIONS);
    if (!positions.length) return none;
    const n = positions.length;
    const typing = !/\s$/.test(q.text);
    const expansions = positions.map((forms, i) => this.expand(forms, typing && i === n - 1));
    const weights = this.weights(positions, expansions);
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    if (!totalWeight) return none;
    this.match(expansions, this.filterMask(q));
    this.measureNames(n);
    const bestCoverage = this.score(weights, totalWeight);
    return this.leading(bestCoverage, limit, exclude);
  }

  /**
   * Each touched place's best match of each query word, in best. Cheapest query words first; a word so common
   * that scoring it for every place would cost more than it tells only adds to the places the rarer words found
   * (alone it would not pass the coverage cut of leading()).
   */
  private match(expansions: Map<number, number>[], mask: Uint8Array | undefined) {
    const n = expansions.length;
    this.scratchFor(n);
    this.touchedCount = 0;
    this.slotCount = 0;
    const cost = expansions.map((terms) => this.postings(terms));
    const order = [...cost.keys()].sort((a, b) => cost[a] - cost[b]);
    order.forEach((i, step) => {
      const restricted = step > 0 && cost[i] > Math.max(COMMON_POSTINGS, this.size / 4) && this.touchedCount > 0;
      for (const [t, quality] of expansions[i]) {
        this.matchNames(t, quality, i, n, mask, restricted);
        this.matchGroups(t, quality, i, n, mask, restricted);
        this.matchSummaries(t, quality, i, n, mask, restricted);
      }
    });
  }

  /** How many places the terms lead to: the work of scoring them. */
  private postings(terms: Map<number, number>): number {
    let c = 0;
    for (const t of terms.keys()) {
      c += this.hits.size(t) + this.summaryDocs.size(t);
      for (let k = this.termGroups.start[t], end = this.termGroups.start[t + 1]; k < end; k += 2)
        c += this.groupDocs.size(this.termGroups.data[k]) * this.termGroups.data[k + 1];
    }
    return c;
  }

  /** Whether place d takes part; the first time it does, its scores start from zero. */
  private admit(d: number, n: number, restricted: boolean): boolean {
    if (this.done[d]) return true;
    if (restricted) return false;
    this.done[d] = 1;
    this.touched[this.touchedCount++] = d;
    const { best } = this;
    for (let j = d * n, end = j + n; j < end; j++) best[j] = 0;
    return true;
  }

  /** Query word i meeting term t in names and aliases. */
  private matchNames(t: number, quality: number, i: number, n: number, mask: Uint8Array | undefined, restricted: boolean) {
    const { best, complete, exact } = this;
    const list = this.hits.data,
      shares = this.hitShare,
      places = this.hitDoc;
    for (let k = this.hits.start[t], end = this.hits.start[t + 1]; k < end; k++) {
      const d = places[k];
      if (mask && !mask[d]) continue;
      if (!this.admit(d, n, restricted)) continue;
      // A name and an alias weigh the same (FIELD_WEIGHT): the score is the match's quality.
      if (quality > best[d * n + i]) best[d * n + i] = quality;
      const phrase = list[k] >> POSITION_BITS;
      if (n === 1) {
        // One word: the hit alone says how much of its name was typed, and whether it was the whole name.
        const share = shares[k] * quality;
        if (share > complete[d]) complete[d] = share;
        if (quality >= EXACT && this.phraseLength[phrase] === 1) exact[d] = Math.max(exact[d], EXACT_NAME_BONUS[this.phraseField[phrase]]);
        continue;
      }
      const at = this.slotFor(phrase, d, n) * n + i;
      if (quality > this.slotQuality[at]) {
        this.slotQuality[at] = quality;
        this.slotPosition[at] = list[k] & POSITION_MASK;
        this.slotShare[at] = shares[k];
      }
    }
  }

  /** The slot of a name phrase of place d, taken (with no matches) the first time the query meets the phrase. */
  private slotFor(phrase: number, d: number, n: number): number {
    let slot = this.slotOf[phrase];
    if (slot < this.slotCount && this.slotPhrase[slot] === phrase) return slot;
    slot = this.slotCount++;
    this.reserveSlots(this.slotCount, n);
    this.slotOf[phrase] = slot;
    this.slotPhrase[slot] = phrase;
    this.slotDoc[slot] = d;
    for (let j = slot * n, end = j + n; j < end; j++) {
      this.slotQuality[j] = 0;
      this.slotPosition[j] = -1;
    }
    return slot;
  }

  /** Query word i meeting term t in a city's or a category's names: it scores every place of its group, and takes no part in name measures. */
  private matchGroups(t: number, quality: number, i: number, n: number, mask: Uint8Array | undefined, restricted: boolean) {
    const { best } = this;
    for (let k = this.termGroups.start[t], end = this.termGroups.start[t + 1]; k < end; k += 2) {
      const g = this.termGroups.data[k];
      const score = FIELD_WEIGHT[this.groupField[g]] * quality;
      const members = this.groupDocs.data;
      for (let m = this.groupDocs.start[g], last = this.groupDocs.start[g + 1]; m < last; m++) {
        const d = members[m];
        if (mask && !mask[d]) continue;
        if (!this.admit(d, n, restricted)) continue;
        if (score > best[d * n + i]) best[d * n + i] = score;
      }
    }
  }

  /** Query word i meeting term t in summaries. */
  private matchSummaries(t: number, quality: number, i: number, n: number, mask: Uint8Array | undefined, restricted: boolean) {
    const { best } = this;
    const { bytes, start } = this.summaryDocs;
    const score = FIELD_WEIGHT[SUMMARY] * quality;
    // The places in ascending order, each the gap from the one before in GapLists' code (packed.ts).
    let d = 0;
    for (let k = start[t], end = start[t + 1]; k < end; ) {
      let byte = bytes[k++];
      let gap = byte & 0x7f;
      for (let shift = 7; byte & 0x80; shift += 7) {
        byte = bytes[k++];
        gap |= (byte & 0x7f) << shift;
      }
      d += gap;
      if (mask && !mask[d]) continue;
      if (!this.admit(d, n, restricted)) continue;
      if (score > best[d * n + i]) best[d * n + i] = score;
    }
  }

  /** How much of its best name each place had typed, and whether the query was one of its names exactly. */
  private measureNames(n: number) {
    const { complete, exact } = this;
    for (let slot = 0; slot < this.slotCount; slot++) {
      const base = slot * n;
      let share = 0,
        distinct = 0,
        allExact = true;
      for (let i = 0; i < n; i++) {
        const p = this.slotPosition[base + i];
        if (p < 0) {
          allExact = false;
          continue;
        }
        if (this.slotQuality[base + i] < EXACT) allExact = false;
        let seenBefore = false;
        for (let j = 0; j < i; j++) if (this.slotPosition[base + j] === p) seenBefore = true;
        if (seenBefore) continue;
        let quality = this.slotQuality[base + i];
        for (let j = i + 1; j < n; j++)
          if (this.slotPosition[base + j] === p && this.slotQuality[base + j] > quality) quality = this.slotQuality[base + j];
        share += this.slotShare[base + i] * quality;
        distinct++;
      }
      const d = this.slotDoc[slot];
      if (share > complete[d]) complete[d] = share;
      const phrase = this.slotPhrase[slot];
      if (allExact && distinct === this.phraseLength[phrase]) exact[d] = Math.max(exact[d], EXACT_NAME_BONUS[this.phraseField[phrase]]);
    }
  }

  /** Each touched place's score and coverage (the share of the query's weight it matched); answers the best coverage. */
  private score(weights: number[], totalWeight: number): number {
    const { best, touched, done, complete, exact, scoreOf, coverageOf } = this;
    const n = weights.length;
    let bestCoverage = 0;
    for (let k = 0; k < this.touchedCount; k++) {
      const d = touched[k];
      let matched = 0,
        covered = 0;
      for (let i = 0; i < n; i++) {
        matched += weights[i] * best[d * n + i];
        if (best[d * n + i] > 0) covered += weights[i];
      }
      coverageOf[k] = covered / totalWeight;
      scoreOf[k] = (matched / totalWeight) * (1 + 0.5 * complete[d]) + exact[d] + 0.1 * (this.popularity[d] / 100);
      if (coverageOf[k] > bestCoverage) bestCoverage = coverageOf[k];
      done[d] = 0;
      complete[d] = 0;
      exact[d] = 0;
    }
    return bestCoverage;
  }

  /** The first `limit` touched places, best first, and how many there are. */
  private leading(bestCoverage: number, limit: number, exclude: RankOptions["exclude"]): Ranking {
    // Places that match less than half of what the best match matched are noise, not results.
    const { scoreOf, coverageOf, touched, popularity, ids } = this;
    const before = (a: number, b: number) => {
      if (scoreOf[a] !== scoreOf[b]) return scoreOf[a] > scoreOf[b];
      const da = touched[a],
        db = touched[b];
      return popularity[da] !== popularity[db] ? popularity[da] > popularity[db] : ids[da] < ids[db];
    };
    const kept = new Leading(limit, before);
    let total = 0;
    for (let k = 0; k < this.touchedCount; k++) {
      if (coverageOf[k] < bestCoverage / 2 || exclude?.(ids[touched[k]])) continue;
      total++;
      kept.offer(k);
    }
    return { top: kept.inOrder().map((k) => ({ id: ids[touched[k]], score: scoreOf[k] })), total };
  }

  private scratchFor(n: number) {
    if (this.best.length < this.size * n) this.best = new Float64Array(this.size * n);
  }

  /**
   * Room for `count` slots of an n-word query's matches (n to a slot: a slot as wide as the longest query
   * would be ten times the memory for a query of one or two words, and at 50,000 places a common pair of words
   * meets a quarter of a million name phrases).
   */
  private reserveSlots(count: number, n: number) {
    if (count > this.slotPhrase.length) {
      const capacity = Math.max(1024, this.slotPhrase.length * 2);
      this.slotPhrase = grown(this.slotPhrase, capacity);
      this.slotDoc = grown(this.slotDoc, capacity);
    }
    if (count * n > this.slotQuality.length) {
      const size = Math.max(1024 * n, this.slotQuality.length * 2);
      this.slotShare = grown(this.slotShare, size);
      this.slotQuality = grown(this.slotQuality, size);
      this.slotPosition = grown(this.slotPosition, size);
    }
  }

  /**
   * Ranks queries made of the index's most widespread words (alone, in pairs, and misspelt) so that the ranking
   * code is compiled before a visitor's query needs it: on a new server at 50,000 places the first queries took
   * 15 to 45 ms, the same ones 3 to 5 ms once compiled. Run after a whole build, before the index is put in use.
   */
  warmUp(): void {
    const common = [...this.vocabulary].sort((a, b) => this.df[b] - this.df[a]).slice(0, WARM_UP_WORDS);
    const rank = (text: string) => this.rank({ text, page: 1, perPage: 10 }, { limit: RANKED_WHEN_WARMING });
    for (const [k, term] of common.entries()) {
      const word = this.termText[term];
      rank(word);
      rank(`${word} ${this.termText[common[(k + 1) % common.length]]}`);
      rank(`${word.slice(1)} `);
    }
  }

  /** Sizes, for benchmarks and logs. */
  stats(): { places: number; terms: number; phrases: number } {
    return { places: this.size, terms: this.termText.length, phrases: this.phraseDoc.length };
  }

  search(q: IndexQuery): { ids: number[]; total: number } {
    const start = Math.max(0, q.page - 1) * q.perPage;
    const { top, total } = this.rank(q, { limit: start + q.perPage });
    return { ids: top.slice(start).map((r) => r.id), total };
  }
}

/** A larger copy of a scratch array, what it holds kept at the start. */
function grown<T extends Int32Array | Float64Array>(old: T, size: number): T {
  const next = new (old.constructor as new (n: number) => T)(size);
  next.set(old);
  return next;
}

export function buildIndex(documents: Iterable<PlaceDocument>): SearchIndex {
  const builder = new IndexBuilder();
  for (const doc of documents) builder.add(doc);
  return new SearchIndex(builder.finish());
}
