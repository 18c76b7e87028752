import { describe, expect, it } from "vitest";
import { versionReads } from "./version-reads.ts";

/** A database whose version reads are answered by hand: each read gets the version current when it started. */
function database() {
  let version = 1;
  const pending: Array<() => void> = [];
  let reads = 0;
  const read = () => {
    reads++;
    const seen = version;
    return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
  };
  return {
    read,
    publish: () => version++,
    reads: () => reads,
    /** Answers the reads asked so far, and lets their callers go on. */
    async answer() {
      for (const done of pending.splice(0)) done();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe("versionReads", () => {
  it("gives callers who ask during a read the next read, started after that one: never a version older than their call", async () => {
    const db = database();
    const { version } = versionReads(db.read);
    const first = version();
    db.publish();
    // These asked after the publish, while a read started before it was under way.
    const later = Array.from({ length: 50 }, () => version());
    await db.answer();
    expect(await first).toBe(1);
    await db.answer();
    expect(await Promise.all(later)).toEqual(Array(50).fill(2));
    // Fifty callers at once cost one read after the first, not fifty.
    expect(db.reads()).toBe(2);
  });

  it("answers every read of the version within a request with the request's version, without reading", async () => {
    const db = database();
    const { version, within } = versionReads(db.read);
    db.publish();
    const seen = await within(1, async () => {
      const before = await version();
      await new Promise((r) => setTimeout(r, 1));
      return [before, await version()];
    });
    expect(seen).toEqual([1, 1]);
    expect(db.reads()).toBe(0);
    // Outside the request, a read.
    const outside = version();
    await db.answer();
    expect(await outside).toBe(2);
  });

  it("passes a failed read to its callers, and reads again at the next call", async () => {
    let fail = true;
    const { version } = versionReads(async () => {
      if (fail) throw new Error("connection lost");
      return 7;
    });
    await expect(version()).rejects.toThrow("connection lost");
    fail = false;
    expect(await version()).toBe(7);
  });
});
