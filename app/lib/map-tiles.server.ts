// A production tile source for the country map (MAP_TILES_URL, on the ministry's own domain): the raster
// tiles that cover the map, placed in the same Mercator space as the outlines, so markers sit on them.
import { countryProjection } from "../../domain/map/base-layer";
import { MAP_HEIGHT, MAP_WIDTH } from "../../shared/map-clusters";

/** Tiles drawn at about this many screen pixels per SVG unit (a laptop's map width). */
const PIXELS_PER_UNIT = 0.8;

type MapTile = { href: string; x: number; y: number; size: number };

const made = new Map<string, MapTile[]>();

/** The tiles of `template` ("https://tiles.example/{z}/{x}/{y}.png") that cover the country map, made once. */
export function tilesFor(template: string | undefined): MapTile[] | undefined {
  if (!template) return undefined;
  const known = made.get(template);
  if (known) return known;
  const tiles = tilesCovering(template);
  made.set(template, tiles);
  return tiles;
}

function tilesCovering(template: string): MapTile[] {
  const projection = countryProjection();
  const k = projection.scale();
  const [tx, ty] = projection.translate();
  // d3's Mercator is x = tx + kλ, y = ty − k·ln(tan(π/4 + φ/2)); a tile of zoom z spans 2π/2^z of it.
  const z = Math.max(0, Math.min(18, Math.round(Math.log2(((2 * Math.PI * k) / 256) * PIXELS_PER_UNIT))));
  const size = (2 * Math.PI * k) / 2 ** z;
  // The SVG point of the world's top-left corner (λ = −π, y of the tile grid's top edge).
  const originX = tx - Math.PI * k;
  const originY = ty - Math.PI * k;
  const first = [Math.floor((0 - originX) / size), Math.floor((0 - originY) / size)];
  const last = [Math.floor((MAP_WIDTH - originX) / size), Math.floor((MAP_HEIGHT - originY) / size)];
  const tiles: MapTile[] = [];
  for (let x = first[0]; x <= last[0]; x++)
    for (let y = first[1]; y <= last[1]; y++)
      tiles.push({
        href: template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y)),
        x: Math.round((originX + x * size) * 10) / 10,
        y: Math.round((originY + y * size) * 10) / 10,
        size: Math.round(size * 10) / 10,
      });
  return tiles;
}
