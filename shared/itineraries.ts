// What an itinerary is, in words both the pages and the server use: its themes and the seasons it suits (the
// itineraries page filters by them), and how long one may be.
export const ITINERARY_THEMES = ["heritage", "faith", "coast", "food", "nature"] as const;
export type ItineraryTheme = (typeof ITINERARY_THEMES)[number];
export const ITINERARY_SEASONS = ["spring", "summer", "autumn", "winter"] as const;
export type ItinerarySeason = (typeof ITINERARY_SEASONS)[number];
/** A suggested route is days of a visit: a week at most, of a few stops a day. */
export const MAX_ITINERARY_DAYS = 7;
export const MAX_ITINERARY_STOPS = 40;
