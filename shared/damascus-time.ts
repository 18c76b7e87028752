// Times the workspace reads and shows are Damascus times, where the ministry works. The zone, not a fixed
// offset: Syria kept summer time until 2022, and an audit search of an older day must start at that day's
// midnight as it was then.

export const DAMASCUS_ZONE = "Asia/Damascus";

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: DAMASCUS_ZONE, timeZoneName: "longOffset" });

/** Damascus's offset from UTC at an instant, in minutes ("GMT+03:00" → 180). */
function offsetMinutes(at: number): number {
  const name = offsetFormat.formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant a Damascus wall clock shows these numbers (month 1-12), or null when they are not a time. */
function fromWallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (Number.isNaN(wall) || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  // The offset at the wall time, then at the instant it gives (they differ only around a clock change).
  const first = wall - offsetMinutes(wall) * 60_000;
  return new Date(wall - offsetMinutes(first) * 60_000);
}

/** A time typed in a datetime-local field (2026-12-01T09:30, seconds optional) as Damascus time; null when it is not one. */
export function damascusTime(typed: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(typed);
  return m ? fromWallClock(...(m.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number])) : null;
}

/** The start of a day typed as YYYY-MM-DD in Damascus, and of the day after it; null when it is not a day. */
export function damascusDay(typed: string): { start: Date; next: Date } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (!m) return null;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  const start = fromWallClock(year, month, day);
  const after = new Date(Date.UTC(year, month - 1, day + 1));
  const next = fromWallClock(after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate());
  return start && next ? { start, next } : null;
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: DAMASCUS_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The day it is in Damascus at an instant, as YYYY-MM-DD. */
export function damascusToday(at: Date = new Date()): string {
  return dayFormat.format(at);
}
