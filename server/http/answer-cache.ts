// Answers kept in memory, already compressed, for as long as the published content they were made from: the
// public pages and the API's reads depend on their address (and a search on its form) and on that content
// alone, so a warm answer costs a lookup. The cache is bounded by bytes, not by entries, so that what it
// holds stays within the server's memory budget whatever mix of pages and lists is asked; the oldest-used
// answers go first. An answer is kept as brotli only (the encoding nearly every client asks for): a page is
// five times smaller so, and the rare client without brotli gets it decompressed, or as gzip made once.
// A publish empties the cache, and every visitor then asks for the pages again at the same moment: requests for
// one key while its answer is being made wait for that one making (`once`), so a home page read by fifty
// visitors costs one rendering after a publish, not fifty.
import { brotliDecompressSync } from "node:zlib";
import { compressBest, compressBody, MIN_COMPRESS_BYTES, pickEncoding } from "./compression.ts";
import { etagOf } from "./caching.ts";

type Bytes = Uint8Array<ArrayBuffer>;
/** An answer as made: its status, headers and uncompressed body. */
export type Answer = { status: number; headers: Headers; body: Bytes };
type Kept = {
  status: number;
  headers: [string, string][];
  etag: string;
  /** Whether its brotli body is being (or has been) made again at the best level. */
  bettering?: boolean;
} & (Compressed | { raw: Bytes; br?: undefined; gzip?: undefined });
/** The body in brotli (and in gzip once a client without brotli asked); a body too small to gain from compression is kept as it is, in `raw`. */
type Compressed = { raw?: undefined; br: Bytes; gzip?: Bytes };

/**
 * How long after it is first asked again an answer is made again at brotli's best level: about 0.2 s of CPU
 * for a page, which an answer replaced sooner (a publish a second, during an editors' session) would waste on
 * a machine of two cores, where visitors' requests need it. An answer asked only once (most searches and their
 * later pages) is never made again: at 50,000 places, a visitor's searches each set two tenths of a second of
 * brotli going in zlib's threads, and the searches that followed waited for the cores.
 */
export const BEST_AFTER_MS = 2000;

/** How long the content version is trusted before it is read again (so a warm answer costs no query). */
export const VERSION_TTL_MS = 1000;

const sizeOf = (e: Kept) => (e.br?.byteLength ?? 0) + (e.raw?.byteLength ?? 0) + (e.gzip?.byteLength ?? 0);
const asBytes = (b: Buffer): Bytes => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

function headersOf(headers: Iterable<[string, string]>, etag: string): Headers {
  const out = new Headers([...headers]);
  out.set("etag", etag);
  out.append("vary", "Accept-Encoding");
  return out;
}

/** An answer that is not kept (a workspace page, an error), in the encoding the request accepts. */
export function respondOnce({ status, headers, body }: Answer, acceptEncoding: string | undefined): Response {
  const out = headersOf(headers, etagOf(body));
  const encoding = body.length >= MIN_COMPRESS_BYTES ? pickEncoding(acceptEncoding) : undefined;
  if (!encoding) return new Response(body, { status, headers: out });
  out.set("content-encoding", encoding);
  return new Response(compressBody(body, encoding), { status, headers: out });
}

export class AnswerCache {
  readonly #entries = new Map<string, Kept>();
  #bytes = 0;
  #version = { value: -1, checkedAt: 0 };
  readonly #maxBytes: number;
  /** The published content's version; a new one empties the cache. */
  readonly #readVersion: () => Promise<number>;
  readonly #trustVersionMs: number;
  readonly #making = new Map<string, Promise<unknown>>();

  /**
   * `trustVersionMs`: how long a version read is trusted. Pages trust it for a second (a warm page then costs
   * no query, and a publish shows within that second); the API reads it at every request, one small read, so
   * that an app never gets an answer older than the content.
   */
  constructor(maxBytes: number, readVersion: () => Promise<number>, { trustVersionMs = VERSION_TTL_MS } = {}) {
    this.#maxBytes = maxBytes;
    this.#readVersion = readVersion;
    this.#trustVersionMs = trustVersionMs;
  }

  get bytes() {
    return this.#bytes;
  }

  /** The content version (see `trustVersionMs`); answers of an older one are dropped when it changes. */
  async version(): Promise<number> {
    const now = Date.now();
    if (now - this.#version.checkedAt >= this.#trustVersionMs) {
      const value = await this.#readVersion();
      if (value !== this.#version.value) this.clear();
      this.#version = { value, checkedAt: now };
    }
    return this.#version.value;
  }

  /**
   * Reads the version again at the next request, however recently it was read: after a change on this
   * instance (a workspace form), whose own next page must show it. Other instances notice within `trustVersionMs`.
   */
  recheckVersion(): void {
    this.#version = { ...this.#version, checkedAt: 0 };
  }

  /**
   * Makes the answer for `key` once for every request that asks for it while it is being made: the first one
   * runs `make`, the others wait for its result (`shared`). A failure is every waiter's.
   */
  async once<T>(key: string, make: () => Promise<T>): Promise<{ value: T; shared: boolean }> {
    const making = this.#making.get(key) as Promise<T> | undefined;
    if (making) return { value: await making, shared: true };
    const mine = make();
    this.#making.set(key, mine);
    try {
      return { value: await mine, shared: false };
    } finally {
      this.#making.delete(key);
    }
  }

  /**
   * The kept answer for `key`, or the one `make` gives: made once for every request that asks meanwhile (a
   * publish empties the cache), and kept when it is a 200.
   */
  async answer(key: string, acceptEncoding: string | undefined, make: () => Promise<Answer>): Promise<Response> {
    const kept = this.respond(key, acceptEncoding);
    if (kept) return kept;
    const { value: made, shared } = await this.once(key, make);
    if (made.status !== 200) return new Response(made.body, { status: made.status, headers: made.headers });
    return (shared && this.respond(key, acceptEncoding)) || this.keep(key, made, acceptEncoding);
  }

  /** The kept answer, in the encoding the request accepts; undefined when there is none. */
  respond(key: string, acceptEncoding: string | undefined): Response | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: eviction takes from the front.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const headers = headersOf(entry.headers, entry.etag);
    if (entry.raw) return new Response(entry.raw, { status: entry.status, headers });
    this.#better(key, entry);
    const encoding = pickEncoding(acceptEncoding);
    if (encoding === "br") return this.#encoded(entry, "br", entry.br, headers);
    const raw = asBytes(brotliDecompressSync(entry.br));
    if (!encoding) return new Response(raw, { status: entry.status, headers });
    let { gzip } = entry;
    if (!gzip) {
      gzip = compressBody(raw, "gzip");
      this.#grow(key, entry, "gzip", gzip);
    }
    return this.#encoded(entry, "gzip", gzip, headers);
  }

  /**
   * Keeps an answer and gives it back in the encoding the request accepts. BEST_AFTER_MS after it is first
   * asked again, the brotli body is made again at brotli's best level in zlib's threads (never on a request's
   * path), and later clients get the smaller one; should that fail, the quick body stays.
   */
  keep(key: string, answer: Answer, acceptEncoding: string | undefined): Response {
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    const small = answer.body.length < MIN_COMPRESS_BYTES;
    const entry: Kept = {
      status: answer.status,
      headers: [...answer.headers],
      etag: etagOf(answer.body),
      ...(small ? { raw: answer.body } : { br: compressBody(answer.body, "br") }),
    };
    if (sizeOf(entry) <= this.#maxBytes / 8) {
      this.#entries.set(key, entry);
      this.#bytes += sizeOf(entry);
      this.#evict();
    }
    if (!entry.br || pickEncoding(acceptEncoding) !== "br") return respondOnce(answer, acceptEncoding);
    return this.#encoded(entry, "br", entry.br, headersOf(entry.headers, entry.etag));
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Has the entry's brotli body made again at the best level, BEST_AFTER_MS from now, if it is still kept then. */
  #better(key: string, entry: Kept & Compressed) {
    if (entry.bettering) return;
    entry.bettering = true;
    setTimeout(() => {
      if (this.#entries.get(key) !== entry) return;
      compressBest(asBytes(brotliDecompressSync(entry.br)), "br").then(
        (best) => this.#grow(key, entry, "br", best),
        () => {},
      );
    }, BEST_AFTER_MS).unref();
  }

  #encoded(entry: Kept, encoding: "br" | "gzip", body: Bytes, headers: Headers): Response {
    headers.set("content-encoding", encoding);
    return new Response(body, { status: entry.status, headers });
  }

  /** A body of the entry made or remade; an entry dropped meanwhile (evicted, a new version) is left alone. */
  #grow(key: string, entry: Kept & Compressed, encoding: "br" | "gzip", bytes: Bytes) {
    if (this.#entries.get(key) !== entry) return;
    this.#bytes += bytes.byteLength - (entry[encoding]?.byteLength ?? 0);
    entry[encoding] = bytes;
    this.#evict();
  }

  #remove(key: string, entry: Kept) {
    this.#entries.delete(key);
    this.#bytes -= sizeOf(entry);
  }

  #evict() {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#remove(key, entry);
    }
  }
}
