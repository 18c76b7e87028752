// Building the search index: every language's names, the aliases, the city and category names and the
// summaries of each place become terms (with phonetic keys and Chinese skip-bigrams), posting lists and
// name-like phrases, packed into typed arrays so that a large index stays small. index.ts ranks over them.
import { isGeneric, isHan, phoneticKey, tokenize } from "./normalize.ts";
import { TypoFinder } from "./typos.ts";

/** One place with all its searchable texts, whatever their language. */
export type PlaceDocument = {
  id: number;
  kind: string;
  categoryId: number;
  cityId: number;
  serviceTypeId: number | null;
  star: number | null;
  popularity: number;
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

export const NAME = 0,
  ALIAS = 1,
  CITY = 2,
  CATEGORY = 3,
  SUMMARY = 4;

/** Phonetic keys and Chinese skip-bigrams live in the same term table, behind characters no text contains. */
export const KEY = "\u0001";
export const SKIP = "\u0002";
/** Generic words count this much of their weight when measuring how much of a name was typed. */
export const GENERIC_WEIGHT = 0.3;
const MAX_PHRASE_POSITIONS = 32;

/** Many lists of integers in one array (list t is data[start[t]] to data[start[t + 1]]): one object, not one per term. */
export class Lists {
  readonly data: Int32Array;
  readonly start: Int32Array;
  constructor(lists: number[][]) {
    this.start = new Int32Array(lists.length + 1);
    for (const [t, list] of lists.entries()) this.start[t + 1] = this.start[t]! + list.length;
    this.data = new Int32Array(this.start[lists.length]!);
    for (const [t, list] of lists.entries()) this.data.set(list, this.start[t]!);
  }
  size(t: number): number {
    return this.start[t + 1]! - this.start[t]!;
  }
}

/** The index's tables, built once from the documents; SearchIndex (index.ts) adds ranking over them. */
export class IndexTables {
  readonly size: number;
  protected readonly terms = new Map<string, number>();
  protected readonly termText: string[] = [];
  protected df!: Int32Array;
  protected idf!: Float64Array;
  /** Per term: [doc, phrase, position] triples in name, alias, city and category phrases. */
  protected hits!: Lists;
  /** Per term: the documents whose summary holds it. */
  protected summaryDocs!: Lists;
  /** Per name-like phrase: its place, field, first position (in positionWeight) and length. */
  protected phraseDoc!: Int32Array;
  protected phraseField!: Uint8Array;
  protected phraseStart!: Int32Array;
  protected phraseLength!: Int32Array;
  protected positionWeight!: Float64Array;
  protected phraseTotal!: Float64Array;
  /** Terms of name-like phrases, sorted, for prefix matching; and the typo finder over them. */
  protected vocabulary!: Int32Array;
  protected typos!: TypoFinder;
  /** What filters and ranking need of each place, kept without its texts so those are freed after the build. */
  protected readonly places: Array<Pick<PlaceDocument, "id" | "kind" | "categoryId" | "cityId" | "serviceTypeId" | "star" | "popularity">>;

  constructor(documents: PlaceDocument[]) {
    this.places = documents.map(({ id, kind, categoryId, cityId, serviceTypeId, star, popularity }) => ({
      id,
      kind,
      categoryId,
      cityId,
      serviceTypeId,
      star,
      popularity,
    }));
    this.size = documents.length;
    this.build(documents);
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

  private build(documents: PlaceDocument[]) {
    const hits: number[][] = [];
    const summaryDocs: number[][] = [];
    const phraseDoc: number[] = [],
      phraseField: number[] = [],
      phraseStart: number[] = [],
      phraseLength: number[] = [];
    const positionTerm: number[] = [];
    const dfList: number[] = [];
    const lastDoc: number[] = [];
    const count = (term: number, doc: number) => {
      if (lastDoc[term] !== doc) {
        lastDoc[term] = doc;
        dfList[term] = (dfList[term] ?? 0) + 1;
      }
    };
    const keys = new Map<string, string>();
    const keyOf = (form: string) => {
      let key = keys.get(form);
      if (key === undefined) keys.set(form, (key = phoneticKey(form)));
      return key;
    };
    // City, category and many alias texts repeat across places: turn each distinct text into terms once.
    type Compiled = { key: string; terms: number[][]; canonical: number[] };
    const compiledTexts = [new Map<string, Compiled>(), new Map<string, Compiled>()];
    const compile = (text: string, withKeys: boolean): Compiled => {
      const cache = compiledTexts[withKeys ? 1 : 0]!;
      let compiled = cache.get(text);
      if (compiled) return compiled;
      const positions = tokenize(text).slice(0, MAX_PHRASE_POSITIONS);
      const terms = positions.map((forms, p) => {
        const all = [...forms];
        if (withKeys)
          for (const form of forms) {
            const key = keyOf(form);
            if (key && !all.includes(KEY + key)) all.push(KEY + key);
          }
        // 帕尔米拉 also stores 帕_米 as 帕米, so a query that dropped a character (帕米拉) still meets it.
        const next = positions[p + 1]?.[0];
        if (next && forms[0]!.length === 2 && isHan(forms[0]!) && next[0] === forms[0]![1]) all.push(SKIP + forms[0]![0] + next[1]);
        return all.map((term) => this.termId(term, hits, summaryDocs));
      });
      compiled = { key: positions.map((p) => p[0]).join(" "), terms, canonical: terms.map((t) => t[0]!) };
      cache.set(text, compiled);
      return compiled;
    };
    documents.forEach((doc, d) => {
      const seenPhrases = new Set<string>();
      const fields: Array<[number, string[]]> = [
        [NAME, doc.names],
        [ALIAS, doc.aliases],
        [CITY, doc.cities],
        [CATEGORY, doc.categories],
      ];
      for (const [field, texts] of fields) {
        for (const text of texts) {
          const { key, terms, canonical } = compile(text, field !== CATEGORY);
          // The same alias is stored once per language row, and an alias often repeats a name.
          if (!terms.length || seenPhrases.has(key)) continue;
          seenPhrases.add(key);
          const phrase = phraseDoc.length;
          phraseDoc.push(d);
          phraseField.push(field);
          phraseStart.push(positionTerm.length);
          phraseLength.push(terms.length);
          for (let p = 0; p < terms.length; p++) {
            for (const id of terms[p]!) {
              hits[id]!.push(d, phrase, p);
              count(id, d);
            }
            positionTerm.push(canonical[p]!);
          }
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
    this.hits = new Lists(hits);
    this.summaryDocs = new Lists(summaryDocs);
    this.phraseDoc = Int32Array.from(phraseDoc);
    this.phraseField = Uint8Array.from(phraseField);
    this.phraseStart = Int32Array.from(phraseStart);
    this.phraseLength = Int32Array.from(phraseLength);
    this.df = Int32Array.from({ length: n }, (_, t) => dfList[t] ?? 0);
    this.idf = Float64Array.from(this.df, (df) => Math.log(1 + this.size / Math.max(1, df)));
    this.positionWeight = Float64Array.from(positionTerm, (t) => this.idf[t]! * (isGeneric(this.termText[t]!) ? GENERIC_WEIGHT : 1));
    this.phraseTotal = Float64Array.from(this.phraseStart, (start, ph) => {
      let total = 0;
      for (let p = 0; p < this.phraseLength[ph]!; p++) total += this.positionWeight[start + p]!;
      return total;
    });

    // Prefixes and typos are looked for among the words of names, aliases, cities and categories only.
    const vocabulary: number[] = [];
    for (let t = 0; t < n; t++) {
      const text = this.termText[t]!;
      if (hits[t]!.length && !text.startsWith(KEY) && !text.startsWith(SKIP)) vocabulary.push(t);
    }
    this.typos = new TypoFinder(
      this.termText,
      vocabulary.filter((t) => !isHan(this.termText[t]!)),
    );
    vocabulary.sort((a, b) => (this.termText[a]! < this.termText[b]! ? -1 : 1));
    this.vocabulary = Int32Array.from(vocabulary);
  }
}
