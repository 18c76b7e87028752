// Building the search index: every language's names, the aliases, the city and category names and the
// summaries of each place become terms (with phonetic keys and Chinese skip-bigrams), posting lists and
// name-like phrases, packed into typed arrays so that a large index stays small. index.ts ranks over them.
//
// The builder takes places one at a time, so the service can read the site in batches: at 50,000 places,
// neither the database's rows nor the documents are ever all in memory, and what grows is kept in typed
// arrays (IntLog) rather than JavaScript arrays of numbers. A city's or a category's names are the same for
// every place that has them: they are turned into terms once, as a group of places, not once per place.
import { isGeneric, isHan, phoneticKey, tokenize } from "../../shared/search/normalize.ts";
import { TypoFinder } from "../../shared/search/typos.ts";
import { GapLists, IntLog, Lists, release } from "./packed.ts";

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
/** A hit is its phrase and its position in one integer: phrase << POSITION_BITS | position. */
export const POSITION_BITS = 5;
export const POSITION_MASK = (1 << POSITION_BITS) - 1;

type Place = Pick<PlaceDocument, "id" | "kind" | "categoryId" | "cityId" | "serviceTypeId" | "star" | "popularity">;

/** What the builder hands the index. */
export type Tables = {
  places: Place[];
  terms: Map<string, number>;
  termText: string[];
  df: Int32Array;
  hits: Lists;
  summaryDocs: GapLists;
  groupField: Uint8Array;
  groupDocs: Lists;
  termGroups: Lists;
  phraseDoc: Int32Array;
  phraseField: Uint8Array;
  phraseStart: Int32Array;
  phraseLength: Uint8Array;
  positionTerm: Int32Array;
};

/** The index's tables, built once by IndexBuilder; SearchIndex (index.ts) adds ranking over them. */
export class IndexTables {
  readonly size: number;
  protected readonly terms: Map<string, number>;
  protected readonly termText: string[];
  protected readonly df: Int32Array;
  protected readonly idf: Float64Array;
  /** Per term: where name and alias phrases hold it, each a phrase and a position (POSITION_BITS). */
  protected readonly hits: Lists;
  /** Per term: the documents whose summary holds it. */
  protected readonly summaryDocs: GapLists;
  /** Per group (the places sharing a city's or a category's names): its field and its places. */
  protected readonly groupField: Uint8Array;
  protected readonly groupDocs: Lists;
  /** Per term: [group, occurrences] pairs, the groups whose names hold it and how often. */
  protected readonly termGroups: Lists;
  /** Per name or alias phrase: its place, field and length. */
  protected readonly phraseDoc: Int32Array;
  protected readonly phraseField: Uint8Array;
  protected readonly phraseLength: Uint8Array;
  /**
   * Per hit (beside hits.data): the share of its phrase's weight that the hit's word carries, a word weighing
   * its idf (less if generic). A query's hits add up to how much of a name was typed; computed once here, it
   * costs a sequential read per hit instead of three scattered ones (at 50,000 places, the misses were half of
   * a query's time).
   */
  protected readonly hitShare: Float32Array;
  /** Per hit (beside hits.data): its phrase's place, read in order rather than looked up by phrase. */
  protected readonly hitDoc: Int32Array;
  /** Terms of name-like phrases, sorted, for prefix matching; and the typo finder over them. */
  protected readonly vocabulary: Int32Array;
  protected readonly typos: TypoFinder;
  /** What filters and ranking need of each place, kept without its texts so those are freed after the build. */
  protected readonly places: Place[];

  constructor(t: Tables) {
    this.places = t.places;
    this.size = t.places.length;
    this.terms = t.terms;
    this.termText = t.termText;
    this.df = t.df;
    this.hits = t.hits;
    this.summaryDocs = t.summaryDocs;
    this.groupField = t.groupField;
    this.groupDocs = t.groupDocs;
    this.termGroups = t.termGroups;
    this.phraseDoc = t.phraseDoc;
    this.phraseField = t.phraseField;
    this.phraseLength = t.phraseLength;
    this.idf = Float64Array.from(this.df, (df) => Math.log(1 + this.size / Math.max(1, df)));
    [this.hitShare, this.hitDoc] = this.hitDetails(t);
    // The index takes the tables over: these two served the hits' details only.
    release(t.positionTerm, t.phraseStart);
    // Prefixes and typos are looked for among the words of names, aliases, cities and categories only.
    const vocabulary: number[] = [];
    for (let term = 0; term < this.termText.length; term++) {
      const text = this.termText[term];
      if (this.inNames(term) && !text.startsWith(KEY) && !text.startsWith(SKIP)) vocabulary.push(term);
    }
    this.typos = new TypoFinder(
      this.termText,
      vocabulary.filter((term) => !isHan(this.termText[term])),
    );
    vocabulary.sort((a, b) => (this.termText[a] < this.termText[b] ? -1 : 1));
    this.vocabulary = Int32Array.from(vocabulary);
  }

  private hitDetails({ positionTerm, phraseStart }: Tables): [Float32Array, Int32Array] {
    const nameWeight = Float64Array.from(this.idf, (idf, term) => idf * (isGeneric(this.termText[term]) ? GENERIC_WEIGHT : 1));
    const phraseWeight = new Float64Array(this.phraseDoc.length);
    for (let phrase = 0; phrase < phraseWeight.length; phrase++)
      for (let p = 0, start = phraseStart[phrase]; p < this.phraseLength[phrase]; p++)
        phraseWeight[phrase] += nameWeight[positionTerm[start + p]];
    const { data } = this.hits;
    const shares = new Float32Array(data.length);
    const docs = new Int32Array(data.length);
    for (let k = 0; k < data.length; k++) {
      const phrase = data[k] >> POSITION_BITS;
      const whole = phraseWeight[phrase];
      if (whole > 0) shares[k] = nameWeight[positionTerm[phraseStart[phrase] + (data[k] & POSITION_MASK)]] / whole;
      docs[k] = this.phraseDoc[phrase];
    }
    release(nameWeight, phraseWeight);
    return [shares, docs];
  }

  /** Whether a name, an alias, a city or a category holds the term (not only summaries). */
  protected inNames(term: number): boolean {
    return this.hits.size(term) > 0 || this.termGroups.size(term) > 0;
  }
}

/** One text turned into terms: per position, its term ids (forms, phonetic keys, skip-bigrams). */
type Compiled = { key: string; terms: number[][]; canonical: number[] };
/** Distinct alias texts remembered at most, so a long build does not keep every text it met. */
const MAX_REMEMBERED = 20_000;

/** Takes places one at a time (add) and packs them into an index's tables (finish). */
export class IndexBuilder {
  private readonly places: Place[] = [];
  private readonly terms = new Map<string, number>();
  private readonly termText: string[] = [];
  private readonly df: number[] = [];
  private readonly lastDoc: number[] = [];
  private readonly lastSummaryDoc: number[] = [];
  /**
   * The terms of every name and alias word, position after position, with how many each position has; the
   * distinct terms of every place's summaries, place after place, with how many each place has. Where each
   * one is found follows from its order, so the build holds 4 bytes per entry, not 8.
   */
  private readonly hitTerms = new IntLog();
  private readonly hitsPerPosition = new IntLog();
  private readonly summaryTerms = new IntLog();
  private readonly summaryTermsPerPlace = new IntLog();
  private readonly phraseDoc = new IntLog();
  private readonly phraseField = new IntLog();
  private readonly phraseStart = new IntLog();
  private readonly phraseLength = new IntLog();
  private readonly positionTerm = new IntLog();
  /** Groups by their field and names; per group, its field, its terms and its places. */
  private readonly groups = new Map<string, number>();
  private readonly groupField: number[] = [];
  private readonly groupTerms: Array<Array<[term: number, occurrences: number]>> = [];
  private readonly groupDocs: number[][] = [];
  private readonly keys = new Map<string, string>();
  private readonly aliases = new Map<string, Compiled>();

  private termId(term: string): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      id = this.termText.length;
      this.terms.set(term, id);
      this.termText.push(term);
      this.df.push(0);
      this.lastDoc.push(-1);
      this.lastSummaryDoc.push(-1);
    }
    return id;
  }

  private count(term: number, doc: number) {
    if (this.lastDoc[term] !== doc) {
      this.lastDoc[term] = doc;
      this.df[term]++;
    }
  }

  private keyOf(form: string): string {
    let key = this.keys.get(form);
    if (key === undefined) this.keys.set(form, (key = phoneticKey(form)));
    return key;
  }

  private compile(text: string, withKeys: boolean): Compiled {
    const positions = tokenize(text).slice(0, MAX_PHRASE_POSITIONS);
    const terms = positions.map((forms, p) => {
      const all = [...forms];
      if (withKeys)
        for (const form of forms) {
          const key = this.keyOf(form);
          if (key && !all.includes(KEY + key)) all.push(KEY + key);
        }
      // 帕尔米拉 also stores 帕_米 as 帕米, so a query that dropped a character (帕米拉) still meets it.
      const next = positions[p + 1]?.[0];
      if (next && forms[0].length === 2 && isHan(forms[0]) && next[0] === forms[0][1]) all.push(SKIP + forms[0][0] + next[1]);
      return all.map((term) => this.termId(term));
    });
    return { key: positions.map((p) => p[0]).join(" "), terms, canonical: terms.map((t) => t[0]) };
  }

  /** Many places share an alias (a copy's, a common spelling): each distinct one is turned into terms once. */
  private compileAlias(text: string): Compiled {
    let compiled = this.aliases.get(text);
    if (!compiled) {
      if (this.aliases.size >= MAX_REMEMBERED) this.aliases.clear();
      compiled = this.compile(text, true);
      this.aliases.set(text, compiled);
    }
    return compiled;
  }

  /** The group of places whose city (or category) has exactly these names, made the first time it is met. */
  private groupOf(field: number, texts: string[]): number {
    const name = `${field}\u0000${texts.join("\u0000")}`;
    let group = this.groups.get(name);
    if (group === undefined) {
      // How often each term occurs in the group's distinct phrases: what a place's own phrases would hold.
      const occurrences = new Map<number, number>();
      const seen = new Set<string>();
      for (const text of texts) {
        const { key, terms } = this.compile(text, field !== CATEGORY);
        if (!terms.length || seen.has(key)) continue;
        seen.add(key);
        for (const position of terms) for (const t of position) occurrences.set(t, (occurrences.get(t) ?? 0) + 1);
      }
      group = this.groupField.length;
      this.groups.set(name, group);
      this.groupField.push(field);
      this.groupTerms.push([...occurrences]);
      this.groupDocs.push([]);
    }
    return group;
  }

  add(doc: PlaceDocument) {
    const d = this.places.length;
    const { id, kind, categoryId, cityId, serviceTypeId, star, popularity } = doc;
    this.places.push({ id, kind, categoryId, cityId, serviceTypeId, star, popularity });
    const seenPhrases = new Set<string>();
    const fields: Array<[number, string[]]> = [
      [NAME, doc.names],
      [ALIAS, doc.aliases],
    ];
    for (const [field, texts] of fields) {
      for (const text of texts) {
        const { key, terms, canonical } = field === NAME ? this.compile(text, true) : this.compileAlias(text);
        // The same alias is stored once per language row, and an alias often repeats a name.
        if (!terms.length || seenPhrases.has(key)) continue;
        seenPhrases.add(key);
        this.phraseDoc.push(d);
        this.phraseField.push(field);
        this.phraseStart.push(this.positionTerm.length);
        this.phraseLength.push(terms.length);
        for (let p = 0; p < terms.length; p++) {
          for (const term of terms[p]) {
            this.hitTerms.push(term);
            this.count(term, d);
          }
          this.hitsPerPosition.push(terms[p].length);
          this.positionTerm.push(canonical[p]);
        }
      }
    }
    for (const [field, texts] of [
      [CITY, doc.cities],
      [CATEGORY, doc.categories],
    ] as const) {
      if (!texts.length) continue;
      const group = this.groupOf(field, texts);
      this.groupDocs[group].push(d);
      for (const [term] of this.groupTerms[group]) this.count(term, d);
    }
    let summaryTerms = 0;
    for (const text of doc.summaries) {
      for (const forms of tokenize(text)) {
        for (const form of forms) {
          const term = this.termId(form);
          if (this.lastSummaryDoc[term] !== d) {
            this.lastSummaryDoc[term] = d;
            this.summaryTerms.push(term);
            summaryTerms++;
          }
          this.count(term, d);
        }
      }
    }
    this.summaryTermsPerPlace.push(summaryTerms);
  }

  /** The tables of every place added; the builder gives its own arrays back and is not used after this. */
  finish(): Tables {
    const termCount = this.termText.length;
    const termGroups: number[][] = Array.from({ length: termCount }, () => []);
    this.groupTerms.forEach((terms, g) => {
      for (const [term, occurrences] of terms) termGroups[term].push(g, occurrences);
    });
    const tables: Tables = {
      places: this.places,
      terms: this.terms,
      termText: this.termText,
      df: Int32Array.from(this.df),
      hits: Lists.gathered(this.hitTerms, termCount, (emit) => {
        let position = 0;
        for (let phrase = 0; phrase < this.phraseLength.length; phrase++)
          for (let p = 0; p < this.phraseLength.at(phrase); p++)
            for (let k = this.hitsPerPosition.at(position++); k > 0; k--) emit((phrase << POSITION_BITS) | p);
      }),
      summaryDocs: coded(
        Lists.gathered(this.summaryTerms, termCount, (emit) => {
          for (let d = 0; d < this.places.length; d++) for (let k = this.summaryTermsPerPlace.at(d); k > 0; k--) emit(d);
        }),
      ),
      groupField: Uint8Array.from(this.groupField),
      groupDocs: Lists.of(this.groupDocs),
      termGroups: Lists.of(termGroups),
      phraseDoc: this.phraseDoc.toInt32Array(),
      phraseField: bytesOf(this.phraseField),
      phraseStart: this.phraseStart.toInt32Array(),
      phraseLength: bytesOf(this.phraseLength),
      positionTerm: this.positionTerm.toInt32Array(),
    };
    for (const log of [
      this.hitTerms,
      this.hitsPerPosition,
      this.summaryTerms,
      this.summaryTermsPerPlace,
      this.phraseDoc,
      this.phraseField,
      this.phraseStart,
      this.phraseLength,
      this.positionTerm,
    ])
      log.release();
    return tables;
  }
}

/** Lists of places in ascending order, coded by their gaps; the plain lists' memory is given back. */
function coded(lists: Lists): GapLists {
  const gaps = GapLists.from(lists);
  release(lists.data, lists.start);
  return gaps;
}

/** A log of small integers (a field, a length) as bytes. */
function bytesOf(log: IntLog): Uint8Array {
  const wide = log.toInt32Array();
  const narrow = Uint8Array.from(wide);
  release(wide);
  return narrow;
}
