import { describe, expect, it } from "vitest";
import { IntLog, release } from "./packed.ts";

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
});
