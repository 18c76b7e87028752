// Integers packed in typed arrays, for the search index: at national scale it holds millions of them, and a
// JavaScript array of numbers costs twice the memory of an Int32Array and an object per list.
/** Many lists of integers in one array (list t is data[start[t]] to data[start[t + 1]]): one object, not one per term. */
export class Lists {
  readonly data: Int32Array;
  readonly start: Int32Array;
  constructor(data: Int32Array, start: Int32Array) {
    this.data = data;
    this.start = start;
  }
  static of(lists: number[][]): Lists {
    const start = new Int32Array(lists.length + 1);
    for (const [t, list] of lists.entries()) start[t + 1] = start[t] + list.length;
    const data = new Int32Array(start[lists.length]);
    for (const [t, list] of lists.entries()) data.set(list, start[t]);
    return new Lists(data, start);
  }
  /**
   * One list per key (0 to `lists` - 1) of the values logged with it, in the order logged: `keys` holds each
   * record's key, and `values` emits the records' values in the same order (so they need not be stored).
   */
  static gathered(keys: IntLog, lists: number, values: (emit: (value: number) => void) => void): Lists {
    const start = new Int32Array(lists + 1);
    for (let i = 0; i < keys.length; i++) start[keys.at(i) + 1]++;
    for (let t = 0; t < lists; t++) start[t + 1] += start[t];
    const data = new Int32Array(keys.length);
    const next = start.slice(0, lists);
    let i = 0;
    values((value) => {
      data[next[keys.at(i++)]++] = value;
    });
    return new Lists(data, start);
  }
  size(t: number): number {
    return this.start[t + 1] - this.start[t];
  }
}

/**
 * Many ascending lists of place numbers, each kept as the gaps between its numbers in a variable-length code:
 * seven bits a byte, low bits first, a byte with its high bit set saying another follows (the first number is
 * its gap from 0). The summaries' lists were a quarter of the index's memory at 50,000 places (8 million
 * numbers, 31 MB of 118): a word of every other summary has gaps of one or two, which take a byte instead of
 * four. They are read in order only, as a search reads them (`SearchIndex.matchSummaries` decodes them inline).
 */
export class GapLists {
  readonly bytes: Uint8Array;
  /** Where list t's bytes start; they end where list t + 1's start. */
  readonly start: Int32Array;
  readonly #counts: Int32Array;
  private constructor(bytes: Uint8Array, start: Int32Array, counts: Int32Array) {
    this.bytes = bytes;
    this.start = start;
    this.#counts = counts;
  }
  /** The same lists, coded; each of `lists` must be ascending. */
  static from(lists: Lists): GapLists {
    const n = lists.start.length - 1;
    const start = new Int32Array(n + 1);
    const counts = new Int32Array(n);
    const gaps = (t: number, each: (gap: number) => void) => {
      let previous = 0;
      for (let k = lists.start[t], end = lists.start[t + 1]; k < end; k++) {
        each(lists.data[k] - previous);
        previous = lists.data[k];
      }
    };
    for (let t = 0; t < n; t++) {
      counts[t] = lists.size(t);
      let length = 0;
      gaps(t, (gap) => {
        if (gap < 0) throw new Error(`list ${t} is not ascending`);
        length += codeLength(gap);
      });
      start[t + 1] = start[t] + length;
    }
    const bytes = new Uint8Array(start[n]);
    let at = 0;
    for (let t = 0; t < n; t++)
      gaps(t, (gap) => {
        for (; gap >= 0x80; gap >>>= 7) bytes[at++] = (gap & 0x7f) | 0x80;
        bytes[at++] = gap;
      });
    return new GapLists(bytes, start, counts);
  }
  /** How many numbers list t holds. */
  size(t: number): number {
    return this.#counts[t];
  }
}

const codeLength = (gap: number) => {
  let length = 1;
  for (; gap >= 0x80; gap >>>= 7) length++;
  return length;
};

/**
 * Gives typed arrays' memory back at once, leaving them empty. Left to the collector, the index build's
 * temporary arrays (about 100 MB at 50,000 places) stayed resident until the next full collection, and an
 * instance that had just become ready measured 374 MB (266 MB since); detaching a buffer frees it there and then.
 */
export function release(...arrays: ArrayBufferView[]): void {
  for (const array of arrays) (array.buffer as ArrayBuffer).transfer(0);
}

const CHUNK = 1 << 16;

/**
 * Integers appended in fixed-size chunks: it grows without copying what it holds (a doubling array would
 * hold both copies at once) and costs 4 bytes a value, not a JavaScript array's 8 or more.
 */
export class IntLog {
  private readonly chunks: Int32Array[] = [];
  length = 0;
  push(value: number) {
    const offset = this.length % CHUNK;
    if (offset === 0) this.chunks.push(new Int32Array(CHUNK));
    this.chunks[this.chunks.length - 1][offset] = value;
    this.length++;
  }
  at(i: number): number {
    return this.chunks[Math.floor(i / CHUNK)][i % CHUNK];
  }
  /** Gives its memory back (see release); it holds nothing after. */
  release(): void {
    release(...this.chunks);
    this.chunks.length = 0;
    this.length = 0;
  }
  toInt32Array(): Int32Array {
    const out = new Int32Array(this.length);
    for (const [c, chunk] of this.chunks.entries()) out.set(chunk.subarray(0, Math.min(CHUNK, this.length - c * CHUNK)), c * CHUNK);
    return out;
  }
}
