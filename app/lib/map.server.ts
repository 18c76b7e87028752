// What the map pages draw: the base layer (domain/map), every place as a marker in the SVG space, the
// cities' names as labels, and the neighbours' and the sea's names, all in the page's language.
import type { Domain } from "../../domain/domain.ts";
import { project, surroundingsLayer, unproject } from "../../domain/map/base-layer";
import type { MapMarker } from "../../shared/map-clusters";
import { localePath, sitePath } from "./paths";
import type { LanguageCode } from "../../shared/languages";
import type { MarkerBox, PlaceFilter } from "../../db/repositories/content";

/** Where the names of the neighbours and the sea are written (longitude, latitude), by their text's key. */
const AREA_LABELS: Array<[string, number, number]> = [
  // Written along the coast: the strip of sea the map shows is narrower than its name.
  ["mediterranean", 35.55, 34.2],
  ["lebanon", 35.95, 33.75],
  ["turkey", 37.3, 37.15],
  ["iraq", 41.6, 33.6],
  ["jordan", 37.4, 32.45],
];

type MapPlace = MapMarker & { categoryId: number; city: string };

/** Places as markers (of a filter, within `box`, at most `limit`), most popular first (the order clusters are made in). */
export async function mapPlaces(
  domain: Domain,
  language: LanguageCode,
  only?: { box?: MarkerBox; filter?: PlaceFilter; limit?: number },
): Promise<MapPlace[]> {
  const items = await domain.content.markers(language, only);
  return items.map((p) => {
    const [x, y] = project(p.lng, p.lat);
    return {
      id: p.id,
      name: p.name,
      href: localePath(language, sitePath.place(p.category_id, p.city_id, p.id)),
      x,
      y,
      kind: p.kind,
      categoryId: p.category_id,
      cityId: p.city_id,
      city: p.city_name,
    };
  });
}

export async function mapLabels(domain: Domain, language: LanguageCode) {
  const cities = await domain.content.cities(language);
  return {
    cities: cities.map((c) => {
      const [x, y] = project(c.lng, c.lat);
      return { id: c.id, name: c.name, x, y };
    }),
    areas: AREA_LABELS.map(([key, lng, lat]) => {
      const [x, y] = project(lng, lat);
      return { key, x, y, vertical: key === "mediterranean" };
    }),
  };
}

/** The places a surroundings map draws besides its own. */
const AROUND = 12;

/** The small map of a place's surroundings: the outlines near it, it, and the places around it. */
export async function surroundingsMap(domain: Domain, language: LanguageCode, place: { id: number; lat: number; lng: number }) {
  const span = 90;
  const layer = surroundingsLayer(place.lng, place.lat, span);
  const [cx, cy] = layer.centre;
  const [x0, y0, x1, y1] = [cx - span / 2, cy - span * 0.3, cx + span / 2, cy + span * 0.3];
  // The places within the window's latitudes and longitudes (a little more: markers are rounded to a tenth),
  // read by their box rather than every place of the site.
  const [west, north] = unproject(x0 - 1, y0 - 1);
  const [east, south] = unproject(x1 + 1, y1 + 1);
  const inWindow = (m: MapPlace) => Math.abs(m.x - cx) < span / 2 && Math.abs(m.y - cy) < span * 0.3;
  // The most popular first, a few at a time: at 50,000 places a city's window holds thousands, and reading
  // them all for the dozen drawn cost 370 ms a page (decision 023). A read that comes back full without a
  // dozen inside the window reads four times as many.
  let around: MapPlace[] = [];
  for (let limit = 4 * (AROUND + 1); ; limit *= 4) {
    const read = await mapPlaces(domain, language, { box: { south, north, west, east }, limit });
    around = read.filter((m) => m.id !== place.id && inWindow(m));
    if (around.length >= AROUND || read.length < limit) break;
  }
  const [here] = await mapPlaces(domain, language, { filter: { ids: [place.id] } });
  return {
    viewBox: layer.viewBox,
    countries: layer.countries,
    here: here && inWindow(here) ? here : undefined,
    around: around.slice(0, AROUND),
  };
}
