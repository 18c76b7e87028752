// The itineraries' pages' data: each route as the domain reads it, with each stop's page and, for each day, a
// small map drawn on the server (the outlines around the day's stops, the stops numbered in order and joined
// by straight lines: the map says no more about the roads than the distances do).
import type { Domain } from "../../domain/domain.ts";
import type { ItineraryView, StopView } from "../../domain/itineraries/service.ts";
import { project, surroundingsLayer, unproject } from "../../domain/map/base-layer";
import type { LanguageCode } from "../../shared/languages";
import { localePath, sitePath } from "./paths";

/** The narrowest map of a day, in map units (about 200 km): a day in one town still shows where it is. */
const MIN_SPAN = 130;

export type DayMap = {
  viewBox: string;
  countries: Array<{ key: string; d: string }>;
  stops: Array<{ n: number; name: string; href: string; x: number; y: number }>;
};

const stopHref = (language: LanguageCode, s: StopView) =>
  localePath(language, sitePath.place(s.place.categoryId, s.place.cityId, s.place.id));

function dayMap(language: LanguageCode, day: StopView[], first: number): DayMap {
  const points = day.map((s) => project(s.place.lng, s.place.lat));
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  // Wide enough for every stop with a margin, in the map's 10:6 window.
  const span = Math.max(MIN_SPAN, (Math.max(...xs) - Math.min(...xs)) * 1.4, ((Math.max(...ys) - Math.min(...ys)) * 1.4) / 0.6);
  const [lng, lat] = unproject(cx, cy);
  const layer = surroundingsLayer(Math.round(lng * 100) / 100, Math.round(lat * 100) / 100, Math.round(span));
  return {
    viewBox: layer.viewBox,
    countries: layer.countries,
    stops: day.map((s, i) => ({
      n: first + i,
      name: s.place.name,
      href: stopHref(language, s),
      x: points[i]?.[0] ?? 0,
      y: points[i]?.[1] ?? 0,
    })),
  };
}

export type ItineraryPage = Omit<ItineraryView, "days"> & {
  days: Array<{ stops: Array<StopView & { href: string; n: number }>; map: DayMap }>;
};

export function itineraryPage(language: LanguageCode, view: ItineraryView): ItineraryPage {
  let n = 1;
  const days = view.days.map((day) => {
    const first = n;
    n += day.length;
    return { stops: day.map((s, i) => ({ ...s, href: stopHref(language, s), n: first + i })), map: dayMap(language, day, first) };
  });
  return { ...view, days };
}

export async function itineraryOf(domain: Domain, language: LanguageCode, slug: string): Promise<ItineraryPage | undefined> {
  const view = await domain.itineraries.one(language, slug);
  return view && itineraryPage(language, view);
}
