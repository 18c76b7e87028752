// The published itineraries read in one language: each day's stops with their places, the straight-line
// distance from the stop before (computed from the coordinates: a road's length and a travel time are never
// guessed), and what a traveller must know first: a stop's place that is not open, and its safety note.
import type { ItinerariesRepository, StopPlaceRow } from "../../db/repositories/itineraries.ts";
import type { ItinerarySeason, ItineraryTheme } from "../../shared/itineraries.ts";
import { distanceKm } from "../content/checks.ts";
import { factsIn, type FactsView } from "../content/facts.ts";
import { type Itinerary, itinerary } from "../content/itinerary-schema.ts";
import { textIn } from "../content/schema.ts";

export type StopView = {
  place: {
    id: number;
    slug: string;
    categoryId: number;
    cityId: number;
    name: string;
    city: string;
    lat: number;
    lng: number;
    status: FactsView["status"];
    safety: string | null;
  };
  note: string;
  /** Straight-line kilometres from the stop before (none for the first), to a tenth. */
  km: number | null;
};
export type ItineraryView = {
  slug: string;
  title: string;
  summary: string;
  themes: ItineraryTheme[];
  seasons: ItinerarySeason[];
  /** The stops of each day, in order; a stop whose place is no longer on the site is left out. */
  days: StopView[][];
  /** Whether a stop's place has a safety note, or is not fully open: the route says so at its top. */
  caution: boolean;
};

const isCaution = (s: StopView) => s.place.safety !== null || (s.place.status !== null && s.place.status.state !== "open");

function viewOf(route: Itinerary, places: Map<string, StopPlaceRow>, language: string): ItineraryView {
  const days: StopView[][] = [];
  let before: { lat: number; lng: number } | null = null;
  for (const stop of route.stops) {
    const row = places.get(stop.place);
    if (!row) continue;
    const facts = factsIn(row.facts, language);
    const place = {
      id: row.id,
      slug: row.slug,
      categoryId: row.category_id,
      cityId: row.city_id,
      name: row.name,
      city: row.city_name,
      lat: row.lat,
      lng: row.lng,
      status: facts.status,
      safety: facts.safety,
    };
    const km: number | null = before ? Math.round(distanceKm(before, place) * 10) / 10 : null;
    before = place;
    days[stop.day - 1] = [...(days[stop.day - 1] ?? []), { place, note: textIn(stop.note, language), km }];
  }
  const shown = days.filter((day) => day.length > 0);
  return {
    slug: route.slug,
    title: textIn(route.title, language),
    summary: textIn(route.summary, language),
    themes: route.themes,
    seasons: route.seasons,
    days: shown,
    caution: shown.flat().some(isCaution),
  };
}

export function itinerariesService(repo: ItinerariesRepository) {
  const read = async (rows: Array<{ body: string }>, language: string) => {
    const routes = rows.map((row) => itinerary.parse(JSON.parse(row.body)));
    const places = await repo.places(
      language,
      routes.flatMap((r) => r.stops.map((s) => s.place)),
    );
    const bySlug = new Map(places.map((p) => [p.slug, p]));
    return routes.map((r) => viewOf(r, bySlug, language));
  };
  return {
    /** Every published itinerary's slug (the sitemap): read without its places. */
    slugs: async (): Promise<string[]> => (await repo.list()).map((row) => row.slug),
    /** Every published itinerary, in the content's order. */
    list: async (language: string): Promise<ItineraryView[]> => read(await repo.list(), language),
    one: async (language: string, slug: string): Promise<ItineraryView | undefined> => {
      const row = await repo.one(slug);
      return row ? (await read([row], language))[0] : undefined;
    },
  };
}
export type ItinerariesService = ReturnType<typeof itinerariesService>;
