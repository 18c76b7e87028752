// Statements that take many values take them in batches: a national site's places outnumber the parameters
// one statement may bind (SQLite 32,766, PostgreSQL 65,535).
import { describe, expect, it } from "vitest";
import { BATCH_SIZE, inBatches } from "./batches.ts";

describe("inBatches", () => {
  it("slices a list of any length into batches no larger than a statement may bind, losing nothing", () => {
    const ids = Array.from({ length: 70_001 }, (_, i) => i);
    const batches = inBatches(ids);
    expect(Math.max(...batches.map((b) => b.length))).toBe(BATCH_SIZE);
    expect(batches.flat()).toEqual(ids);
    expect(inBatches([])).toEqual([]);
  });
});
