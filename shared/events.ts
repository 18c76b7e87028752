// What an event is, in words both the pages and the server use: its kinds (the events page filters by them),
// its states (schema.org's eventStatus follows them), and the rules that compute a moving feast's dates.
export const EVENT_KINDS = ["religious", "national", "cultural", "festival"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_STATUSES = ["scheduled", "to-be-confirmed", "postponed", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** Dates computed each year; the Islamic ones are expected (they depend on the sighting of the moon). */
export const EVENT_RULES = ["easter-western", "easter-eastern", "ramadan", "eid-al-fitr", "eid-al-adha"] as const;
export type EventRule = (typeof EVENT_RULES)[number];
/** The rules whose dates follow the Islamic calendar. */
export const LUNAR_RULES: ReadonlySet<EventRule> = new Set(["ramadan", "eid-al-fitr", "eid-al-adha"]);
