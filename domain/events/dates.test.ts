// An event's dates: both Easters against the dates the churches published, the Islamic feasts against the
// Umm al-Qura calendar's published days, a recurrence expanded by its RFC 5545 rule, and the window's edges.
import { describe, expect, it } from "vitest";
import type { EventItem } from "../content/event-schema.ts";
import { easternEaster, occurrences, westernEaster } from "./dates.ts";

const base: EventItem = {
  slug: "x",
  kind: "religious",
  city: "damascus",
  name: { en: "X" },
  summary: { en: "X." },
  status: "scheduled",
  source: "https://example.org/x",
};
const days = (event: EventItem, from: string, to: string) => occurrences(event, from, to).map((o) => [o.start, o.end ?? null]);

describe("an event's dates", () => {
  it("computes Western and Eastern Easter as the churches keep them", () => {
    const western = { 2024: "2024-03-31", 2025: "2025-04-20", 2026: "2026-04-05", 2027: "2027-03-28", 2028: "2028-04-16" };
    const eastern = { 2024: "2024-05-05", 2025: "2025-04-20", 2026: "2026-04-12", 2027: "2027-05-02", 2028: "2028-04-16" };
    for (const [year, day] of Object.entries(western)) expect(westernEaster(Number(year))).toBe(day);
    for (const [year, day] of Object.entries(eastern)) expect(easternEaster(Number(year))).toBe(day);
  });

  it("finds the Islamic feasts on the Umm al-Qura calendar's days, as expected dates of their length", () => {
    // 1 Ramadan 1446, 1 Shawwal 1446 and 10 Dhu al-Hijjah 1446 (Umm al-Qura): 1 March, 30 March and 6 June 2025.
    expect(occurrences({ ...base, computed: "ramadan" }, "2025-01-01", "2025-12-31")).toEqual([
      { day: "2025-03-01", start: "2025-03-01", end: undefined, allDay: true, expected: true },
    ]);
    expect(days({ ...base, computed: "eid-al-fitr", days: 3 }, "2025-01-01", "2025-12-31")).toEqual([["2025-03-30", "2025-04-01"]]);
    expect(days({ ...base, computed: "eid-al-adha", days: 4 }, "2025-01-01", "2025-12-31")).toEqual([["2025-06-06", "2025-06-09"]]);
    // The Easters are computed, not expected.
    expect(occurrences({ ...base, computed: "easter-eastern" }, "2027-01-01", "2027-12-31")[0]?.expected).toBe(false);
  });

  it("repeats its own dates by its rule, times kept as Damascus wall-clock times", () => {
    const cross = { ...base, starts: "2026-09-13T18:00", ends: "2026-09-13T23:00", repeat: "FREQ=YEARLY" };
    expect(days(cross, "2026-01-01", "2028-12-31")).toEqual([
      ["2026-09-13T18:00", "2026-09-13T23:00"],
      ["2027-09-13T18:00", "2027-09-13T23:00"],
      ["2028-09-13T18:00", "2028-09-13T23:00"],
    ]);
    const weekly = { ...base, starts: "2027-01-04", repeat: "FREQ=WEEKLY;COUNT=3" };
    expect(days(weekly, "2027-01-01", "2027-12-31").map(([start]) => start)).toEqual(["2027-01-04", "2027-01-11", "2027-01-18"]);
  });

  it("keeps a date that began before the window and ends in it, and leaves out one that ended before", () => {
    const festival = { ...base, starts: "2027-06-28", ends: "2027-07-03" };
    expect(days(festival, "2027-07-01", "2027-07-31")).toEqual([["2027-06-28", "2027-07-03"]]);
    expect(days(festival, "2027-07-04", "2027-07-31")).toEqual([]);
    // A feast of several days still on at the start of a year is found in it.
    expect(days({ ...base, computed: "eid-al-fitr", days: 3 }, "2025-03-31", "2025-04-30")).toEqual([["2025-03-30", "2025-04-01"]]);
  });
});
