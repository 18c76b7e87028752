// Typo tolerance: which vocabulary words lie within a few edits of what the visitor typed. A bigram
// filter finds the few candidates worth measuring, so a lookup stays fast over a vocabulary of 10,000 places.

const MAX_LENGTH = 40;

/** Typo tolerance by word length: none below 4 letters, 1 edit from 4, 2 from 8. */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

// Scratch rows for the distance computation, shared because lookups run one at a time.
const rows = [new Int32Array(MAX_LENGTH + 2), new Int32Array(MAX_LENGTH + 2), new Int32Array(MAX_LENGTH + 2)];

/**
 * A word and each form of it with one letter left out: two words within one edit of each other (a letter
 * changed, added, dropped or two swapped) share one of these keys. The workspace's lists keep the keys of
 * their names' words in the database (db/repositories/vocabulary.ts), so a misspelt name is found there by an
 * indexed lookup, not by measuring every word.
 */
export function wordKeys(word: string): string[] {
  const keys = new Set([word]);
  for (let i = 0; i < word.length; i++) keys.add(word.slice(0, i) + word.slice(i + 1));
  return [...keys];
}

/** Whether typos in a word are looked for: words of letters (not numbers, not Chinese) long enough to have one. */
export function mayHaveTypos(word: string): boolean {
  return allowedEdits(word.length) > 0 && word.length <= MAX_LENGTH && /^[\p{L}']+$/u.test(word) && !/\p{Script=Han}/u.test(word);
}

/** Damerau-Levenshtein distance (adjacent transpositions, optimal string alignment), or max + 1 once it must exceed max. */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length,
    lb = b.length;
  if (Math.abs(la - lb) > max || la > MAX_LENGTH || lb > MAX_LENGTH) return max + 1;
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        v = Math.min(v, before[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[lb] <= max ? prev[lb] : max + 1;
}

/** The distinct bigrams of a word padded with ^ and $, so its first and last letters count too. */
function paddedBigrams(word: string): string[] {
  const s = `^${word}$`;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) grams.add(s.slice(i, i + 2));
  return [...grams];
}

/** Finds the words of a vocabulary (given by id) within the allowed edits of a typed word. */
export class TypoFinder {
  private readonly words: readonly string[];
  private readonly grams = new Map<string, Int32Array>();
  /** Per word id: bigrams shared with the word being corrected (reset after each lookup). */
  private readonly shared: Uint8Array;

  /** words[id] is the text of word id; only the ids listed are candidates. */
  constructor(words: readonly string[], ids: Iterable<number>) {
    this.words = words;
    this.shared = new Uint8Array(words.length);
    const lists = new Map<string, number[]>();
    for (const id of ids) {
      for (const g of paddedBigrams(words[id])) {
        const list = lists.get(g);
        if (list) list.push(id);
        else lists.set(g, [id]);
      }
    }
    for (const [g, list] of lists) this.grams.set(g, Int32Array.from(list));
  }

  find(word: string, maxEdits: number, found: (id: number, edits: number) => void) {
    const { shared } = this;
    const candidates: number[] = [];
    const grams = paddedBigrams(word);
    for (const g of grams) {
      const list = this.grams.get(g);
      if (!list) continue;
      for (let k = 0; k < list.length; k++) {
        const id = list[k];
        if (Math.abs(this.words[id].length - word.length) > maxEdits) continue;
        if (shared[id] === 0) candidates.push(id);
        if (shared[id] < 255) shared[id]++;
      }
    }
    // One edit changes at most two of a word's padded bigrams, a transposition three.
    const needed = Math.max(1, grams.length - 3 * maxEdits);
    for (const id of candidates) {
      const enough = shared[id] >= needed;
      shared[id] = 0;
      if (!enough) continue;
      const edits = boundedDistance(word, this.words[id], maxEdits);
      if (edits > 0 && edits <= maxEdits) found(id, edits);
    }
  }
}
