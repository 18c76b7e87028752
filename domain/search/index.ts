// An in-process inverted index over places. Every language's names, the aliases, the city and category
// names and the summaries go into one index, so a query in any language finds the place; ranking is
// phrase-aware: a query that is a whole name beats one word of a longer name, and popularity breaks ties.
import { equivalents, isGeneric, isHan, phoneticKey, tokenize, type Position } from "./normalize.ts";

/** One place with all its searchable texts, whatever their language. */
export type PlaceDocument = {
  id: number; kind: string; categoryId: number; cityId: number; serviceTypeId: number | null; star: number | null; popularity: number;
  /** The place's name in every language. */
  names: string[];
  /** Other names and spellings people search for. */
  aliases: string[];
  /** The city's names and aliases. */
  cities: string[];
  /** The category's (and service type's) names. */
  categories: string[];
  summaries: string[];
};

export type IndexQuery = {
  text: string; star?: number; service?: number; category?: number; city?: number; kind?: string; page: number; perPage: number;
};
export type ScoredPlace = { id: number; score: number };

const NAME = 0, ALIAS = 1, CITY = 2, CATEGORY = 3, SUMMARY = 4;
// Names and aliases are what people type; the city and category narrow ("castle aleppo"); summaries only help.
const FIELD_WEIGHT = [1, 1, 0.5, 0.4, 0.2];
// A query that is a whole name: the place's own name a little ahead of an alias another place shares.
const EXACT_NAME_BONUS = [0.3, 0.25];
// How well a query word matches an index term.
const EXACT = 1, EQUIVALENT = 0.8, PHONETIC = 0.75, ONE_EDIT = 0.7, SKIPPED_CHARACTER = 0.6, TWO_EDITS = 0.55;
/** Phonetic keys and Chinese skip-bigrams live in the same term table, behind characters no text contains. */
const KEY = "\u0001";
const SKIP = "\u0002";
/** Generic words count this much of their weight when measuring how much of a name was typed. */
const GENERIC_WEIGHT = 0.3;
const MAX_QUERY_POSITIONS = 10;
const MAX_PHRASE_POSITIONS = 32;
const MAX_PREFIX_EXPANSIONS = 64;
const MAX_FUZZY_LENGTH = 40;

/** Typo tolerance by word length: none below 4 letters, 1 edit from 4, 2 from 8. */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

// Scratch rows for the distance computation, shared because the index answers one query at a time.
const rows = [new Int32Array(MAX_FUZZY_LENGTH + 2), new Int32Array(MAX_FUZZY_LENGTH + 2), new Int32Array(MAX_FUZZY_LENGTH + 2)];

/** Damerau-Levenshtein distance (adjacent transpositions, optimal string alignment), or max + 1 once it must exceed max. */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length, lb = b.length;
  if (Math.abs(la - lb) > max || la > MAX_FUZZY_LENGTH || lb > MAX_FUZZY_LENGTH) return max + 1;
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[lb]! <= max ? prev[lb]! : max + 1;
}

function paddedBigrams(term: string): string[] {
  const s = `^${term}$`;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) grams.add(s.slice(i, i + 2));
  return [...grams];
}

export class SearchIndex {
  readonly size: number;
  private readonly terms = new Map<string, number>();
  private readonly termText: string[] = [];
  private df!: Int32Array;
  private idf!: Float64Array;
  /** Per term: [doc, phrase, position] triples in name, alias, city and category phrases. */
  private hits!: Int32Array[];
  /** Per term: the documents whose summary holds it. */
  private summaryDocs!: Int32Array[];
  private readonly phraseDoc: number[] = [];
  private readonly phraseField: number[] = [];
  private readonly phraseStart: number[] = [];
  private readonly phraseLength: number[] = [];
  private positionWeight!: Float64Array;
  private phraseTotal!: Float64Array;
  /** Terms of name-like phrases, sorted, for prefix matching; and their bigrams, for typo candidates. */
  private vocabulary!: Int32Array;
  private readonly grams = new Map<string, Int32Array>();
  private readonly docs: PlaceDocument[];
  private bestScratch = new Float64Array(0);
  private readonly seen: Uint8Array;

  constructor(documents: PlaceDocument[]) {
    this.docs = documents;
    this.size = documents.length;
    this.seen = new Uint8Array(documents.length);
    this.build();
  }

  private termId(term: string, hits: number[][], summaryDocs: number[][]): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      id = this.termText.length;
      this.terms.set(term, id);
      this.termText.push(term);
      hits.push([]);
      summaryDocs.push([]);
    }
    return id;
  }

  private build() {
    const hits: number[][] = [];
    const summaryDocs: number[][] = [];
    const positionTerm: number[] = [];
    const dfList: number[] = [];
    const lastDoc: number[] = [];
    const count = (term: number, doc: number) => {
      if (lastDoc[term] !== doc) {
        lastDoc[term] = doc;
        dfList[term] = (dfList[term] ?? 0) + 1;
      }
    };
    this.docs.forEach((doc, d) => {
      const seenPhrases = new Set<string>();
      const fields: Array<[number, string[]]> = [[NAME, doc.names], [ALIAS, doc.aliases], [CITY, doc.cities], [CATEGORY, doc.categories]];
      for (const [field, texts] of fields) {
        for (const text of texts) {
          const positions = tokenize(text).slice(0, MAX_PHRASE_POSITIONS);
          const key = positions.map((p) => p[0]).join(" ");
          // The same alias is stored once per language row, and an alias often repeats a name.
          if (!positions.length || seenPhrases.has(key)) continue;
          seenPhrases.add(key);
          const phrase = this.phraseDoc.length;
          this.phraseDoc.push(d);
          this.phraseField.push(field);
          this.phraseStart.push(positionTerm.length);
          this.phraseLength.push(positions.length);
          positions.forEach((forms, p) => {
            const keys = field === CATEGORY ? [] : forms.map(phoneticKey).filter(Boolean).map((k) => KEY + k);
            // 帕尔米拉 also stores 帕_米 as 帕米, so a query that dropped a character (帕米拉) still meets it.
            const next = positions[p + 1]?.[0];
            if (next && forms[0]!.length === 2 && isHan(forms[0]!) && next[0] === forms[0]![1]) keys.push(SKIP + forms[0]![0] + next[1]);
            for (const term of new Set([...forms, ...keys])) {
              const id = this.termId(term, hits, summaryDocs);
              hits[id]!.push(d, phrase, p);
              count(id, d);
            }
            positionTerm.push(this.terms.get(forms[0]!)!);
          });
        }
      }
      for (const text of doc.summaries) {
        for (const forms of tokenize(text)) {
          for (const term of forms) {
            const id = this.termId(term, hits, summaryDocs);
            const list = summaryDocs[id]!;
            if (list[list.length - 1] !== d) list.push(d);
            count(id, d);
          }
        }
      }
    });

    const n = this.termText.length;
    this.hits = hits.map((h) => Int32Array.from(h));
    this.summaryDocs = summaryDocs.map((s) => Int32Array.from(s));
    this.df = Int32Array.from({ length: n }, (_, t) => dfList[t] ?? 0);
    this.idf = Float64Array.from(this.df, (df) => Math.log(1 + this.size / Math.max(1, df)));
    this.positionWeight = Float64Array.from(positionTerm, (t) => this.idf[t]! * (isGeneric(this.termText[t]!) ? GENERIC_WEIGHT : 1));
    this.phraseTotal = Float64Array.from(this.phraseStart, (start, ph) => {
      let total = 0;
      for (let p = 0; p < this.phraseLength[ph]!; p++) total += this.positionWeight[start + p]!;
      return total;
    });

    const vocabulary: number[] = [];
    const grams = new Map<string, number[]>();
    for (let t = 0; t < n; t++) {
      const text = this.termText[t]!;
      if (!hits[t]!.length || text.startsWith(KEY) || text.startsWith(SKIP)) continue;
      vocabulary.push(t);
      if (isHan(text)) continue;
      for (const g of paddedBigrams(text)) {
        const list = grams.get(g);
        if (list) list.push(t);
        else grams.set(g, [t]);
      }
    }
    vocabulary.sort((a, b) => (this.termText[a]! < this.termText[b]! ? -1 : 1));
    this.vocabulary = Int32Array.from(vocabulary);
    for (const [g, list] of grams) this.grams.set(g, Int32Array.from(list));
  }

  /** Vocabulary terms within the allowed edits of a word, found through shared bigrams and then measured. */
  private fuzzy(word: string, maxEdits: number, found: (term: number, edits: number) => void) {
    const shared = new Map<number, number>();
    const grams = paddedBigrams(word);
    for (const g of grams) {
      const list = this.grams.get(g);
      if (!list) continue;
      for (let k = 0; k < list.length; k++) {
        const t = list[k]!;
        if (Math.abs(this.termText[t]!.length - word.length) <= maxEdits) shared.set(t, (shared.get(t) ?? 0) + 1);
      }
    }
    // One edit changes at most two of a word's padded bigrams, a transposition three.
    const needed = Math.max(1, grams.length - 3 * maxEdits);
    for (const [t, n] of shared) {
      if (n < needed) continue;
      const edits = boundedDistance(word, this.termText[t]!, maxEdits);
      if (edits > 0 && edits <= maxEdits) found(t, edits);
    }
  }

  /** Vocabulary terms that start with a word, the most widespread first. */
  private prefixed(word: string, found: (term: number, ratio: number) => void) {
    let lo = 0, hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.termText[this.vocabulary[mid]!]! < word) lo = mid + 1;
      else hi = mid;
    }
    const matches: number[] = [];
    for (let i = lo; i < this.vocabulary.length; i++) {
      const t = this.vocabulary[i]!;
      if (!this.termText[t]!.startsWith(word)) break;
      if (this.termText[t] !== word) matches.push(t);
    }
    if (matches.length > MAX_PREFIX_EXPANSIONS) matches.sort((a, b) => this.df[b]! - this.df[a]!).length = MAX_PREFIX_EXPANSIONS;
    for (const t of matches) found(t, word.length / this.termText[t]!.length);
  }

  /** The index terms one query position stands for, each with how well it matches. */
  private expand(forms: Position, typing: boolean): Map<number, number> {
    const out = new Map<number, number>();
    const keep = (t: number | undefined, quality: number) => {
      if (t !== undefined && (out.get(t) ?? 0) < quality) out.set(t, quality);
    };
    for (const form of forms) {
      keep(this.terms.get(form), EXACT);
      for (const word of equivalents(form)) keep(this.terms.get(word), EQUIVALENT);
      const key = phoneticKey(form);
      if (key) keep(this.terms.get(KEY + key), PHONETIC);
      if (isHan(form)) {
        keep(this.terms.get(SKIP + form), SKIPPED_CHARACTER);
        // A lone character is the start of the bigrams that hold it.
        if (form.length === 1) this.prefixed(form, (t) => keep(t, 0.6));
        continue;
      }
      const edits = allowedEdits(form.length);
      if (edits) this.fuzzy(form, edits, (t, e) => keep(t, e === 1 ? ONE_EDIT : TWO_EDITS));
      // The word being typed is a prefix; earlier long words may be too (kale → kalesi, castle → castles).
      if (typing && form.length >= 2) this.prefixed(form, (t, ratio) => keep(t, 0.75 + 0.2 * ratio));
      else if (form.length >= 4) this.prefixed(form, (t, ratio) => keep(t, 0.55 + 0.2 * ratio));
    }
    return out;
  }

  private passes(doc: PlaceDocument, q: IndexQuery): boolean {
    return (!q.star || doc.star === q.star) && (!q.service || doc.serviceTypeId === q.service) && (!q.category || doc.categoryId === q.category)
      && (!q.city || doc.cityId === q.city) && (!q.kind || doc.kind === q.kind);
  }

  /** Every matching place, best first. */
  rank(q: IndexQuery): ScoredPlace[] {
    const positions = tokenize(q.text).slice(0, MAX_QUERY_POSITIONS);
    if (!positions.length) return [];
    const n = positions.length;
    const typing = !/\s$/.test(q.text);
    const expansions = positions.map((forms, i) => this.expand(forms, typing && i === n - 1));
    // A query word weighs what its rarest exact term weighs; words the index has never seen do not count.
    const weights = positions.map((forms, i) => {
      const exact = forms.map((f) => this.terms.get(f)).filter((t) => t !== undefined);
      const candidates = exact.length ? exact : [...expansions[i]!.keys()];
      return candidates.length ? Math.max(...candidates.map((t) => this.idf[t]!)) : 0;
    });
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    if (!totalWeight) return [];

    if (this.bestScratch.length < this.size * n) this.bestScratch = new Float64Array(this.size * n);
    const best = this.bestScratch;
    const touched: number[] = [];
    const phrases = new Map<number, { quality: Float64Array; position: Int32Array }>();
    const filterCache = new Map<number, boolean>();
    const passes = (d: number) => {
      let ok = filterCache.get(d);
      if (ok === undefined) filterCache.set(d, (ok = this.passes(this.docs[d]!, q)));
      return ok;
    };
    const touch = (d: number) => {
      if (!this.seen[d]) {
        this.seen[d] = 1;
        touched.push(d);
        best.fill(0, d * n, d * n + n);
      }
    };

    expansions.forEach((terms, i) => {
      for (const [t, quality] of terms) {
        const list = this.hits[t]!;
        for (let k = 0; k < list.length; k += 3) {
          const d = list[k]!, phrase = list[k + 1]!, p = list[k + 2]!;
          if (!passes(d)) continue;
          touch(d);
          const field = this.phraseField[phrase]!;
          const score = FIELD_WEIGHT[field]! * quality;
          if (score > best[d * n + i]!) best[d * n + i] = score;
          if (field > ALIAS) continue;
          let acc = phrases.get(phrase);
          if (!acc) phrases.set(phrase, (acc = { quality: new Float64Array(n), position: new Int32Array(n).fill(-1) }));
          if (quality > acc.quality[i]!) {
            acc.quality[i] = quality;
            acc.position[i] = p;
          }
        }
        const docs = this.summaryDocs[t]!;
        const score = FIELD_WEIGHT[SUMMARY]! * quality;
        for (let k = 0; k < docs.length; k++) {
          const d = docs[k]!;
          if (!passes(d)) continue;
          touch(d);
          if (score > best[d * n + i]!) best[d * n + i] = score;
        }
      }
    });

    // How much of its best name each place had typed, and whether the query was one of its names exactly.
    const complete = new Map<number, number>();
    const exact = new Map<number, number>();
    for (const [phrase, acc] of phrases) {
      const start = this.phraseStart[phrase]!, length = this.phraseLength[phrase]!;
      const covered = new Map<number, number>();
      let allExact = true;
      for (let i = 0; i < n; i++) {
        const p = acc.position[i]!;
        if (p < 0) { allExact = false; continue; }
        if (acc.quality[i]! < EXACT) allExact = false;
        covered.set(p, Math.max(covered.get(p) ?? 0, acc.quality[i]!));
      }
      let sum = 0;
      for (const [p, quality] of covered) sum += this.positionWeight[start + p]! * quality;
      const d = this.phraseDoc[phrase]!;
      const share = this.phraseTotal[phrase]! > 0 ? sum / this.phraseTotal[phrase]! : 0;
      if (share > (complete.get(d) ?? 0)) complete.set(d, share);
      if (allExact && covered.size === length) exact.set(d, Math.max(exact.get(d) ?? 0, EXACT_NAME_BONUS[this.phraseField[phrase]!]!));
    }

    const scored: Array<ScoredPlace & { coverage: number; popularity: number }> = [];
    let bestCoverage = 0;
    for (const d of touched) {
      this.seen[d] = 0;
      let matched = 0, covered = 0;
      for (let i = 0; i < n; i++) {
        matched += weights[i]! * best[d * n + i]!;
        if (best[d * n + i]! > 0) covered += weights[i]!;
      }
      const coverage = covered / totalWeight;
      const doc = this.docs[d]!;
      const score = (matched / totalWeight) * (1 + 0.5 * (complete.get(d) ?? 0)) + (exact.get(d) ?? 0) + 0.1 * (doc.popularity / 100);
      scored.push({ id: doc.id, score, coverage, popularity: doc.popularity });
      if (coverage > bestCoverage) bestCoverage = coverage;
    }
    // Places that match less than half of what the best match matched are noise, not results.
    return scored
      .filter((s) => s.coverage >= bestCoverage / 2)
      .sort((a, b) => b.score - a.score || b.popularity - a.popularity || a.id - b.id)
      .map(({ id, score }) => ({ id, score }));
  }

  search(q: IndexQuery): { ids: number[]; total: number } {
    const ranked = this.rank(q);
    const start = (q.page - 1) * q.perPage;
    return { ids: ranked.slice(start, start + q.perPage).map((r) => r.id), total: ranked.length };
  }
}

export function buildIndex(documents: PlaceDocument[]): SearchIndex {
  return new SearchIndex(documents);
}
