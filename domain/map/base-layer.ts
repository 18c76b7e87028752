// The map's base layer, drawn from Natural Earth's 1:10m countries (the world-atlas package, public domain):
// Syria, its neighbours and the sea, projected once into the SVG space every map of the site shares. It is
// inline SVG in our own pages, so drawing a map requests nothing from anywhere, and it needs no script.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoMercator, geoPath, type GeoProjection } from "d3-geo";
import { feature } from "topojson-client";
import type { Feature, FeatureCollection, Geometry } from "geojson";
import type { GeometryCollection, Topology } from "topojson-specification";

import { MAP_HEIGHT, MAP_WIDTH } from "../../shared/map-clusters.ts";
const MARGIN = 24;

/** The countries drawn, by ISO 3166 numeric code (world-atlas's ids), with the key of their name's text. */
const COUNTRIES = {
  "760": "syria",
  "422": "lebanon",
  "792": "turkey",
  "368": "iraq",
  "400": "jordan",
  "376": "israel",
  "275": "palestine",
  "196": "cyprus",
  "682": "saudiArabia",
} as const;
type CountryId = keyof typeof COUNTRIES;

type BaseLayer = {
  viewBox: string;
  /** Each country's outline as an SVG path, Syria first marked, neighbours after. */
  countries: Array<{ key: (typeof COUNTRIES)[CountryId]; d: string }>;
};

function loadCountries(): Array<Feature<Geometry, { name: string }> & { id: CountryId }> {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve("world-atlas/countries-10m.json"), "utf8")) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  // Only the countries drawn are made into shapes: all the world's were 70 MB more for the server for a moment,
  // and a third of a second, on the first page with a map.
  const drawn = topology.objects.countries.geometries.filter((g) => String(g.id) in COUNTRIES);
  const shapes = feature(topology, { type: "GeometryCollection", geometries: drawn }) as FeatureCollection<Geometry, { name: string }>;
  return shapes.features as Array<Feature<Geometry, { name: string }> & { id: CountryId }>;
}

let countries: ReturnType<typeof loadCountries> | undefined;
const countriesOnce = () => {
  countries ??= loadCountries();
  return countries;
};

/** The projection of the country map: Mercator (as web map tiles are), Syria fitted to the SVG space. */
export const countryProjection: () => GeoProjection = (() => {
  let projection: GeoProjection | undefined;
  return () => {
    if (!projection) {
      const syria = countriesOnce().find((c) => c.id === "760");
      if (!syria) throw new Error("The world atlas has no Syria (country 760) to fit the map to");
      projection = geoMercator().fitExtent(
        [
          [MARGIN, MARGIN],
          [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
        ],
        syria,
      );
    }
    return projection;
  };
})();

/** A point of the map: [x, y] in the SVG space, to one decimal. */
export function project(lng: number, lat: number): [number, number] {
  const point = countryProjection()([lng, lat]);
  if (!point) throw new Error(`Mercator projects every point, but not [${lng}, ${lat}]`);
  const [x, y] = point;
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

/** The longitude and latitude of a point of the map's SVG space. */
export function unproject(x: number, y: number): [number, number] {
  const point = countryProjection().invert?.([x, y]);
  if (!point) throw new Error(`Mercator inverts every point, but not [${x}, ${y}]`);
  return point;
}

/** The outlines seen through a window of the SVG space ([x0, y0, x1, y1]), clipped to it, to one decimal. */
function outlines(window: [number, number, number, number]): BaseLayer["countries"] {
  const [x0, y0, x1, y1] = window;
  const country = countryProjection();
  const clipped = geoMercator()
    .scale(country.scale())
    .translate(country.translate())
    .clipExtent([
      [x0, y0],
      [x1, y1],
    ]);
  const path = geoPath(clipped).digits(1);
  return countriesOnce()
    .map((c) => ({ key: COUNTRIES[c.id], d: path(c) ?? "" }))
    .filter((c) => c.d !== "")
    .sort((a, b) => Number(b.key === "syria") - Number(a.key === "syria"));
}

let whole: BaseLayer | undefined;
/** The whole country map, made once per process. */
export function countryLayer(): BaseLayer {
  whole ??= { viewBox: `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`, countries: outlines([0, 0, MAP_WIDTH, MAP_HEIGHT]) };
  return whole;
}

type Surroundings = BaseLayer & { centre: [number, number] };
// One per place at most (a few hundred), made on a place's first view.
const surroundings = new Map<string, Surroundings>();

/** A window of the country map around a point, `span` SVG units wide, with only the outlines it shows. */
export function surroundingsLayer(lng: number, lat: number, span: number): Surroundings {
  const key = `${lng} ${lat} ${span}`;
  const known = surroundings.get(key);
  if (known) return known;
  const made = makeSurroundings(lng, lat, span);
  if (surroundings.size < 2000) surroundings.set(key, made);
  return made;
}

function makeSurroundings(lng: number, lat: number, span: number): Surroundings {
  const [cx, cy] = project(lng, lat);
  const half = span / 2;
  const height = span * 0.6;
  const window: [number, number, number, number] = [cx - half, cy - height / 2, cx + half, cy + height / 2];
  return {
    viewBox: `${window[0]} ${window[1]} ${span} ${height}`,
    countries: outlines([window[0] - 2, window[1] - 2, window[2] + 2, window[3] + 2]),
    centre: [cx, cy],
  };
}
