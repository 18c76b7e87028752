// Ranking over the in-process search index (its tables are built in index-build.ts). A query in any language
// finds the place; ranking is phrase-aware: a query that is a whole name beats one word of a longer name, and
// popularity breaks ties.
import { equivalents, isGeneric, isHan, phoneticKey, tokenize, type Position } from "../../shared/search/normalize.ts";
import { allowedEdits } from "../../shared/search/typos.ts";
import {
  GENERIC_WEIGHT,
  IndexBuilder,
  IndexTables,
  KEY,
  POSITION_BITS,
  POSITION_MASK,
  type PlaceDocument,
  SKIP,
  SUMMARY,
  type Tables,
} from "./index-build.ts";

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
// How well a query word matches an index term.
const EXACT = 1,
  EQUIVALENT = 0.8,
  PHONETIC = 0.75,
  ONE_EDIT = 0.7,
  TWO_EDITS = 0.55,
  SKIPPED_CHARACTER = 0.5;
const MAX_QUERY_POSITIONS = 10;
const MAX_PREFIX_EXPANSIONS = 64;
/** Words whose queries warm the ranking code up (see warmUp). */
const WARM_UP_WORDS = 20;
/** How many places a warm-up query puts in order: as many as the search service asks for. */
const RANKED_WHEN_WARMING = 100;
/** Postings above which a query word only scores places other words found (see rank()). */
const COMMON_POSTINGS = 5000;

/** A Chinese bigram that joins a name to a generic word (拉古 in 帕尔米拉古城) is an artefact of bigrams, not a word. */
function bridgesGeneric(positions: Position[], i: number): boolean {
  const form = positions[i][0];
  if (!isHan(form)) return false;
  const before = positions[i - 1]?.[0],
    after = positions[i + 1]?.[0];
  return (!!after && isHan(after) && isGeneric(after)) || (!!before && isHan(before) && isGeneric(before));
}

export class SearchIndex extends IndexTables {
  // Scratch space for one query at a time (the index is used from one thread): per place, the best match of
  // each query word, done flags and name measures; per touched name phrase, a slot of matches.
  private best = new Float64Array(0);
  private readonly done: Uint8Array;
  private readonly complete: Float64Array;
  private readonly exact: Float64Array;
  // The places a query touched, and their scores and coverage: as many as the index holds at most, allocated
  // once (a common word touches tens of thousands; arrays made per query were the collector's work).
  private readonly touched: Int32Array;
  private readonly scoreOf: Float64Array;
  private readonly coverageOf: Float64Array;
  // A phrase's slot is slotOf[phrase] when slotPhrase names it back (a sparse set: nothing is reset between queries).
  private readonly slotOf: Int32Array;
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

  /** Vocabulary terms that start with a word, the most widespread first. */
  private prefixed(word: string, found: (term: number, ratio: number) => void) {
    let lo = 0,
      hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.termText[this.vocabulary[mid]] < word) lo = mid + 1;
      else hi = mid;
    }
    const matches: number[] = [];
    for (let i = lo; i < this.vocabulary.length; i++) {
      const t = this.vocabulary[i];
      if (!this.termText[t].startsWith(word)) break;
      if (this.termText[t] !== word) matches.push(t);
    }
    if (matches.length > MAX_PREFIX_EXPANSIONS) matches.sort((a, b) => this.df[b] - this.df[a]).length = MAX_PREFIX_EXPANSIONS;
    for (const t of matches) found(t, word.length / this.termText[t].length);
  }

  /** The index terms one query position stands for, each with how well it matches. */
  private expand(forms: Position, typing: boolean): Map<number, number> {
    const out = new Map<number, number>();
    const keep = (t: number | undefined, quality: number) => {
      if (t !== undefined && (out.get(t) ?? 0) < quality) out.set(t, quality);
    };
    forms.forEach((form, f) => {
      keep(this.terms.get(form), EXACT);
      for (const word of equivalents(form)) keep(this.terms.get(word), EQUIVALENT);
      const key = phoneticKey(form);
      if (key) keep(this.terms.get(KEY + key), PHONETIC);
      if (isHan(form)) {
        keep(this.terms.get(SKIP + form), SKIPPED_CHARACTER);
        // A lone character is the start of the bigrams that hold it.
        if (form.length === 1) this.prefixed(form, (t) => keep(t, 0.6));
        return;
      }
      // The word being typed is a prefix, in any of its forms (albar → albara).
      if (typing && form.length >= 2) this.prefixed(form, (t, ratio) => keep(t, 0.75 + 0.2 * ratio));
      // A joined article form (al + saghir) is only there to be met exactly; typos are looked for in the word itself.
      if (f > 0 && forms[0].length < form.length && form.endsWith(forms[0])) return;
      const edits = allowedEdits(form.length);
      if (edits) this.typos.find(form, edits, (t, e) => keep(t, e === 1 ? ONE_EDIT : TWO_EDITS));
      // Earlier long words may be prefixes too (kale → kalesi, castle → castles).
      if (!typing && form.length >= 4) this.prefixed(form, (t, ratio) => keep(t, 0.55 + 0.2 * ratio));
    });
    return out;
  }

  private passes(doc: SearchIndex["places"][number], q: IndexQuery): boolean {
    return (
      (!q.star || doc.star === q.star) &&
      (!q.service || doc.serviceTypeId === q.service) &&
      (!q.category || doc.categoryId === q.category) &&
      (!q.city || doc.cityId === q.city) &&
      (!q.kind || doc.kind === q.kind)
    );
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
    // A query word weighs what its rarest exact term weighs; words the index has never seen do not count.
    // Generic words, and words no name holds (descriptions, or a Chinese bigram across two words), count less.
    const weights = positions.map((forms, i) => {
      const exact = forms.map((f) => this.terms.get(f)).filter((t) => t !== undefined);
      const candidates = exact.length ? exact : [...expansions[i].keys()];
      if (!candidates.length) return 0;
      const inNames = [...expansions[i].keys()].some((t) => this.inNames(t));
      return (
        Math.max(...candidates.map((t) => this.idf[t])) *
        (isGeneric(forms[0]) || bridgesGeneric(positions, i) || !inNames ? GENERIC_WEIGHT : 1)
      );
    });
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    if (!totalWeight) return none;

    const mask = this.filterMask(q);
    const best = this.scratchFor(n);
    const { slotOf, done, complete, exact, touched, scoreOf, coverageOf } = this;
    let count = 0;
    let slots = 0;

    // Cheapest query words first; a word so common that scoring it for every place would cost more than
    // it tells only adds to the places the rarer words found (alone it would not pass the coverage cut below).
    const cost = expansions.map((terms) => {
      let c = 0;
      for (const t of terms.keys()) {
        c += this.hits.size(t) + this.summaryDocs.size(t);
        for (let k = this.termGroups.start[t], end = this.termGroups.start[t + 1]; k < end; k += 2)
          c += this.groupDocs.size(this.termGroups.data[k]) * this.termGroups.data[k + 1];
      }
      return c;
    });
    const order = [...cost.keys()].sort((a, b) => cost[a] - cost[b]);
    order.forEach((i, step) => {
      const restricted = step > 0 && cost[i] > Math.max(COMMON_POSTINGS, this.size / 4) && count > 0;
      /** Whether document d takes part; the first time it does, its scores start from zero. */
      const admit = (d: number): boolean => {
        if (done[d]) return true;
        if (restricted) return false;
        done[d] = 1;
        touched[count++] = d;
        for (let j = d * n, end = j + n; j < end; j++) best[j] = 0;
        return true;
      };
      for (const [t, quality] of expansions[i]) {
        const list = this.hits.data,
          shares = this.hitShare,
          places = this.hitDoc;
        for (let k = this.hits.start[t], end = this.hits.start[t + 1]; k < end; k++) {
          const d = places[k];
          if (mask && !mask[d]) continue;
          if (!admit(d)) continue;
          // A name and an alias weigh the same (FIELD_WEIGHT): the score is the match's quality.
          if (quality > best[d * n + i]) best[d * n + i] = quality;
          const phrase = list[k] >> POSITION_BITS;
          if (n === 1) {
            // One word: the hit alone says how much of its name was typed, and whether it was the whole name.
            const share = shares[k] * quality;
            if (share > complete[d]) complete[d] = share;
            if (quality >= EXACT && this.phraseLength[phrase] === 1)
              exact[d] = Math.max(exact[d], EXACT_NAME_BONUS[this.phraseField[phrase]]);
            continue;
          }
          let slot = slotOf[phrase];
          if (slot >= slots || this.slotPhrase[slot] !== phrase) {
            slot = slots++;
            this.reserveSlots(slots);
            slotOf[phrase] = slot;
            this.slotPhrase[slot] = phrase;
            this.slotDoc[slot] = d;
            for (let j = slot * MAX_QUERY_POSITIONS, end = j + n; j < end; j++) {
              this.slotQuality[j] = 0;
              this.slotPosition[j] = -1;
            }
          }
          const at = slot * MAX_QUERY_POSITIONS + i;
          if (quality > this.slotQuality[at]) {
            this.slotQuality[at] = quality;
            this.slotPosition[at] = list[k] & POSITION_MASK;
            this.slotShare[at] = shares[k];
          }
        }
        // A city's or a category's names score every place of its group, and take no part in name measures.
        for (let k = this.termGroups.start[t], end = this.termGroups.start[t + 1]; k < end; k += 2) {
          const g = this.termGroups.data[k];
          const score = FIELD_WEIGHT[this.groupField[g]] * quality;
          const members = this.groupDocs.data;
          for (let m = this.groupDocs.start[g], last = this.groupDocs.start[g + 1]; m < last; m++) {
            const d = members[m];
            if (mask && !mask[d]) continue;
            if (!admit(d)) continue;
            if (score > best[d * n + i]) best[d * n + i] = score;
          }
        }
        const docs = this.summaryDocs.data;
        const score = FIELD_WEIGHT[SUMMARY] * quality;
        for (let k = this.summaryDocs.start[t], end = this.summaryDocs.start[t + 1]; k < end; k++) {
          const d = docs[k];
          if (mask && !mask[d]) continue;
          if (!admit(d)) continue;
          if (score > best[d * n + i]) best[d * n + i] = score;
        }
      }
    });

    // How much of its best name each place had typed, and whether the query was one of its names exactly.
    for (let slot = 0; slot < slots; slot++) {
      const base = slot * MAX_QUERY_POSITIONS;
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

    let bestCoverage = 0;
    for (let k = 0; k < count; k++) {
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
    // Places that match less than half of what the best match matched are noise, not results.
    const { popularity, ids } = this;
    const before = (a: number, b: number) => {
      if (scoreOf[a] !== scoreOf[b]) return scoreOf[a] > scoreOf[b];
      const da = touched[a],
        db = touched[b];
      return popularity[da] !== popularity[db] ? popularity[da] > popularity[db] : ids[da] < ids[db];
    };
    const kept = new Leading(limit, before);
    let total = 0;
    for (let k = 0; k < count; k++) {
      if (coverageOf[k] < bestCoverage / 2 || exclude?.(ids[touched[k]])) continue;
      total++;
      kept.offer(k);
    }
    return { top: kept.inOrder().map((k) => ({ id: ids[touched[k]], score: scoreOf[k] })), total };
  }

  /** Which places the query's filters let through, or undefined when it has none. */
  private filterMask(q: IndexQuery): Uint8Array | undefined {
    if (!q.star && !q.service && !q.category && !q.city && !q.kind) return undefined;
    return Uint8Array.from(this.places, (doc) => (this.passes(doc, q) ? 1 : 0));
  }

  private scratchFor(n: number): Float64Array {
    if (this.best.length < this.size * n) this.best = new Float64Array(this.size * n);
    return this.best;
  }

  private reserveSlots(count: number) {
    if (count <= this.slotPhrase.length) return;
    const capacity = Math.max(1024, this.slotPhrase.length * 2);
    const grow = <T extends Int32Array | Float64Array>(old: T, size: number): T => {
      const next = new (old.constructor as new (n: number) => T)(size);
      next.set(old);
      return next;
    };
    this.slotPhrase = grow(this.slotPhrase, capacity);
    this.slotDoc = grow(this.slotDoc, capacity);
    this.slotShare = grow(this.slotShare, capacity * MAX_QUERY_POSITIONS);
    this.slotQuality = grow(this.slotQuality, capacity * MAX_QUERY_POSITIONS);
    this.slotPosition = grow(this.slotPosition, capacity * MAX_QUERY_POSITIONS);
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

/**
 * The first `limit` of the items offered, by `before`, without putting all of them in order: a heap whose root is
 * the last of those kept, which a better item replaces.
 */
class Leading {
  private readonly heap: number[] = [];
  private readonly limit: number;
  private readonly before: (a: number, b: number) => boolean;
  constructor(limit: number, before: (a: number, b: number) => boolean) {
    this.limit = limit;
    this.before = before;
  }

  offer(item: number) {
    const { heap, before } = this;
    if (heap.length < this.limit) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!before(heap[parent], heap[i])) break;
        [heap[parent], heap[i]] = [heap[i], heap[parent]];
        i = parent;
      }
      return;
    }
    if (!heap.length || !before(item, heap[0])) return;
    heap[0] = item;
    for (let i = 0; ; ) {
      const left = 2 * i + 1,
        right = left + 1;
      let last = i;
      if (left < heap.length && before(heap[last], heap[left])) last = left;
      if (right < heap.length && before(heap[last], heap[right])) last = right;
      if (last === i) break;
      [heap[last], heap[i]] = [heap[i], heap[last]];
      i = last;
    }
  }

  /** The items kept, first first. */
  inOrder(): number[] {
    return this.heap.toSorted((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
  }
}

export function buildIndex(documents: Iterable<PlaceDocument>): SearchIndex {
  const builder = new IndexBuilder();
  for (const doc of documents) builder.add(doc);
  return new SearchIndex(builder.finish());
}
