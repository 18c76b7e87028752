import { describe, expect, it } from "vitest";
import { damascusDay, damascusTime } from "./damascus-time.ts";

describe("Damascus time", () => {
  it("reads a typed time as Damascus's, with the offset of its day", () => {
    // UTC+3 all year since 2022.
    expect(damascusTime("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T06:30:00.000Z");
    expect(damascusTime("2026-07-01T09:30:15")?.toISOString()).toBe("2026-07-01T06:30:15.000Z");
    // Winter time (UTC+2) before 2022.
    expect(damascusTime("2020-01-15T12:00")?.toISOString()).toBe("2020-01-15T10:00:00.000Z");
    for (const wrong of ["", "2026-12-01", "2026-13-01T09:30", "2026-02-30T09:30", "2026-12-01T24:00", "tomorrow"])
      expect(damascusTime(wrong), wrong).toBeNull();
  });

  it("gives a day's start and the next day's in Damascus", () => {
    expect(damascusDay("2026-11-27")).toEqual({ start: new Date("2026-11-26T21:00:00.000Z"), next: new Date("2026-11-27T21:00:00.000Z") });
    expect(damascusDay("2026-12-31")?.next.toISOString()).toBe("2026-12-31T21:00:00.000Z");
    expect(damascusDay("2020-01-15")?.start.toISOString()).toBe("2020-01-14T22:00:00.000Z");
    for (const wrong of ["2026-11-31", "27/11/2026", ""]) expect(damascusDay(wrong), wrong).toBeNull();
  });
});
