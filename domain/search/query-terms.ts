// What a query's words stand for in the search index: per word, the index terms it may mean (itself, an
// equivalent spelling, its phonetic key, a typo's correction, the longer words it begins) with how well each
// matches, and how much the word weighs; and which places its filters let through. SearchIndex (index.ts) ranks places with them.
import { equivalents, isGeneric, isHan, phoneticKey, type Position } from "../../shared/search/normalize.ts";
import { allowedEdits } from "../../shared/search/typos.ts";
import { GENERIC_WEIGHT, IndexTables, KEY, SKIP } from "./index-build.ts";
import type { SearchQuery } from "./service.ts";

// How well a query word matches an index term.
export const EXACT = 1;
const EQUIVALENT = 0.8,
  PHONETIC = 0.75,
  ONE_EDIT = 0.7,
  TWO_EDITS = 0.55,
  SKIPPED_CHARACTER = 0.5;
const MAX_PREFIX_EXPANSIONS = 64;

/** A Chinese bigram that joins a name to a generic word (拉古 in 帕尔米拉古城) is an artefact of bigrams, not a word. */
function bridgesGeneric(positions: Position[], i: number): boolean {
  const form = positions[i][0];
  if (!isHan(form)) return false;
  const before = positions[i - 1]?.[0],
    after = positions[i + 1]?.[0];
  return (!!after && isHan(after) && isGeneric(after)) || (!!before && isHan(before) && isGeneric(before));
}

/** The index's tables as a query's words and filters read them. */
export class QueryTerms extends IndexTables {
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
  protected expand(forms: Position, typing: boolean): Map<number, number> {
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

  /**
   * What each query word weighs: what its rarest exact term weighs; words the index has never seen do not count.
   * Generic words, and words no name holds (descriptions, or a Chinese bigram across two words), count less.
   */
  protected weights(positions: Position[], expansions: Map<number, number>[]): number[] {
    return positions.map((forms, i) => {
      const exact = forms.map((f) => this.terms.get(f)).filter((t) => t !== undefined);
      const candidates = exact.length ? exact : [...expansions[i].keys()];
      if (!candidates.length) return 0;
      const inNames = [...expansions[i].keys()].some((t) => this.inNames(t));
      return (
        Math.max(...candidates.map((t) => this.idf[t])) *
        (isGeneric(forms[0]) || bridgesGeneric(positions, i) || !inNames ? GENERIC_WEIGHT : 1)
      );
    });
  }

  private passes(doc: IndexTables["places"][number], q: SearchQuery): boolean {
    return (
      (!q.star || doc.star === q.star) &&
      (!q.service || doc.serviceTypeId === q.service) &&
      (!q.category || doc.categoryId === q.category) &&
      (!q.city || doc.cityId === q.city) &&
      (!q.kind || doc.kind === q.kind)
    );
  }

  /** Which places the query's filters let through, or undefined when it has none. */
  protected filterMask(q: SearchQuery): Uint8Array | undefined {
    if (!q.star && !q.service && !q.category && !q.city && !q.kind) return undefined;
    return Uint8Array.from(this.places, (doc) => (this.passes(doc, q) ? 1 : 0));
  }
}
