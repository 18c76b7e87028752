import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { AnswerCache, BEST_AFTER_MS } from "./answer-cache.ts";

const page = (text: string) => ({
  status: 200,
  headers: new Headers({ "content-type": "text/html" }),
  body: new TextEncoder().encode(text.repeat(400)),
});
const bodyOf = async (res: Response) => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  return (encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes).toString();
};

describe("the answer cache", () => {
  it("gives a kept answer back whole in brotli, gzip or none, with one validator", async () => {
    const cache = new AnswerCache(1 << 20, async () => 1);
    const first = cache.keep("k", page("<p>Palmyra</p>"), "br");
    expect(first.headers.get("content-encoding")).toBe("br");
    const answers = ["br", "gzip", undefined].map((accepted) => cache.respond("k", accepted)!);
    expect(answers.map((r) => r.headers.get("content-encoding"))).toEqual(["br", "gzip", null]);
    for (const res of [first, ...answers]) {
      expect(await bodyOf(res)).toBe("<p>Palmyra</p>".repeat(400));
      expect(res.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
    }
  });

  it("drops the least recently used answers when over its bytes", async () => {
    const cache = new AnswerCache(20_000, async () => 1);
    // Random bytes do not compress: each answer keeps about 2.4 kB, and eight fit.
    const keep = (key: string) => cache.keep(key, { ...page(key), body: crypto.getRandomValues(new Uint8Array(2400)) }, "br");
    const keys = [..."abcdefgh"];
    for (const key of keys) keep(key);
    cache.respond("a", "br");
    keep("i");
    expect([...keys, "i"].filter((k) => cache.respond(k, "br") === undefined)).toEqual(["b"]);
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
  });

  it("empties when the content version changes, reading it at most as often as told", async () => {
    let version = 1;
    let reads = 0;
    const read = async () => {
      reads++;
      return version;
    };
    const api = new AnswerCache(1 << 20, read, { trustVersionMs: 0 });
    await api.version();
    api.keep("k", page("x"), "br");
    version = 2;
    expect(await api.version()).toBe(2);
    expect(api.respond("k", "br")).toBeUndefined();
    const pages = new AnswerCache(1 << 20, read);
    reads = 0;
    await pages.version();
    await pages.version();
    expect(reads).toBe(1);
  });

  it("makes an answer once for the requests that ask for it at the same time, and again once it is made", async () => {
    const cache = new AnswerCache(1 << 20, async () => 1);
    let made = 0;
    let finish: () => void = () => {};
    const make = () =>
      new Promise<number>((resolve) => {
        made++;
        finish = () => resolve(made);
      });
    const waiting = [cache.once("k", make), cache.once("k", make), cache.once("k", make)];
    finish();
    const answers = await Promise.all(waiting);
    expect(made).toBe(1);
    expect(answers).toEqual([
      { value: 1, shared: false },
      { value: 1, shared: true },
      { value: 1, shared: true },
    ]);
    // Once made, the next request makes its own (the answer is then kept, or was not to be kept).
    const next = cache.once("k", make);
    finish();
    expect(await next).toEqual({ value: 2, shared: false });
  });

  it("gives every waiting request the failure of the one making, and tries again after it", async () => {
    const cache = new AnswerCache(1 << 20, async () => 1);
    let fail: (e: Error) => void = () => {};
    const failing = () => new Promise<string>((_, reject) => (fail = reject));
    const both = [cache.once("k", failing), cache.once("k", failing)];
    fail(new Error("database unavailable"));
    for (const p of both) await expect(p).rejects.toThrow("database unavailable");
    expect(await cache.once("k", async () => "made")).toEqual({ value: "made", shared: false });
  });

  it("makes a kept page smaller at brotli's best level a while after it is asked again, and only then", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const cache = new AnswerCache(1 << 22, async () => 1);
      const words = ["citadel", "souq", "courtyard", "gate", "mosque", "theatre", "column", "fountain", "river", "caravanserai"];
      let seed = 7;
      const next = () => (seed = (seed * 48271) % 2147483647);
      const text = Array.from({ length: 6000 }, () => `${words[next() % words.length]} ${next() % 997}`).join(" ");
      const body = { status: 200, headers: new Headers({ "content-type": "text/html" }), body: new TextEncoder().encode(`<p>${text}</p>`) };
      const quick = (await cache.keep("k", body, "br").arrayBuffer()).byteLength;
      const size = async () => (await cache.respond("k", "br")!.arrayBuffer()).byteLength;
      // Kept but not asked again: never made again, however long it stays.
      vi.advanceTimersByTime(10 * BEST_AFTER_MS);
      await new Promise((r) => setImmediate(r));
      expect(await size()).toBe(quick);
      // Asked again (just now): made smaller BEST_AFTER_MS later.
      vi.advanceTimersByTime(BEST_AFTER_MS - 1);
      await new Promise((r) => setImmediate(r));
      expect(await size()).toBe(quick);
      vi.advanceTimersByTime(1);
      let now = await size();
      // The best level is made in zlib's threads: wait for it (in real time; only timeouts are simulated), up
      // to seconds, since a machine busy with the rest of the suite gives those threads little time.
      const deadline = performance.now() + 10_000;
      while (now >= quick && performance.now() < deadline) {
        await new Promise((r) => setImmediate(r));
        now = await size();
      }
      expect(now).toBeLessThan(quick);
    } finally {
      vi.useRealTimers();
    }
  });
});
