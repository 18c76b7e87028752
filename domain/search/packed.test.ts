import { describe, expect, it } from "vitest";
import { GapLists, IntLog, Lists, release } from "./packed.ts";

describe("packed integers", () => {
  it("give their memory back when released, without waiting for the collector", () => {
    const log = new IntLog();
    for (let i = 0; i < 1_000_000; i++) log.push(i % 977);
    const copy = log.toInt32Array();
    expect(copy[999_999]).toBe(999_999 % 977);
    const held = process.memoryUsage().arrayBuffers;
    log.release();
    release(copy);
    // 4 MB in the log's chunks, 4 MB in the copy.
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(8_000_000);
    expect(log.length).toBe(0);
    expect(copy.length).toBe(0);
  });

  it("code ascending lists by their gaps, seven bits a byte, low bits first", () => {
    const coded = GapLists.from(Lists.of([[0, 1, 129], [], [300]]));
    // 0, 1, then a gap of 128 (two bytes); nothing; 300 = 44 + 2 × 128.
    expect([...coded.bytes]).toEqual([0x00, 0x01, 0x80, 0x01, 0xac, 0x02]);
    expect([...coded.start]).toEqual([0, 4, 4, 6]);
    expect([0, 1, 2].map((t) => coded.size(t))).toEqual([3, 0, 1]);
  });

  it("refuse a list that is not ascending", () => {
    expect(() => GapLists.from(Lists.of([[5, 3]]))).toThrow(/not ascending/);
  });
});
