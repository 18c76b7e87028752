import { describe, expect, it } from "vitest";
import { checkedSince, isOverdue } from "./facts.ts";
import { damascusToday } from "../../shared/damascus-time.ts";

describe("facts that expire", () => {
  it("are in time for the months after their check, and overdue the day after", () => {
    expect(checkedSince("2026-04-10", 3)).toBe("2026-01-10");
    expect(isOverdue("2026-01-10", 3, "2026-04-10")).toBe(false);
    expect(isOverdue("2026-01-10", 3, "2026-04-11")).toBe(true);
    expect(isOverdue("2025-03-15", 12, "2026-03-15")).toBe(false);
    expect(isOverdue("2025-03-15", 12, "2026-03-16")).toBe(true);
  });

  it("count a month without the day as ending on its last", () => {
    expect(checkedSince("2026-05-31", 3)).toBe("2026-02-28");
    expect(checkedSince("2028-05-31", 3)).toBe("2028-02-29");
    expect(checkedSince("2027-01-15", 3)).toBe("2026-10-15");
  });

  it("count days in Damascus", () => {
    expect(damascusToday(new Date("2026-11-26T21:30:00Z"))).toBe("2026-11-27");
    expect(damascusToday(new Date("2026-11-26T20:30:00Z"))).toBe("2026-11-26");
  });
});
