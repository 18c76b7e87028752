// A configured tile source: the tiles that cover the country map, at one zoom, each where the Web Mercator
// grid puts it in the map's space, so the outlines and markers sit on the right streets.
import { describe, expect, it } from "vitest";
import { tilesFor } from "./map-tiles.server.ts";
import { project } from "../../domain/map/base-layer.ts";

describe("map tiles", () => {
  it("draws nothing extra when no tile source is set", () => {
    expect(tilesFor(undefined)).toBeUndefined();
  });
  it("covers the map with the tiles of one zoom, placed on the Mercator grid", () => {
    const tiles = tilesFor("https://tiles.example.gov.sy/{z}/{x}/{y}.png")!;
    expect(tiles.length).toBeGreaterThan(4);
    const [z] = tiles[0].href
      .match(/\/(\d+)\//)!
      .slice(1)
      .map(Number);
    expect(new Set(tiles.map((t) => t.href.split("/")[3]))).toEqual(new Set([String(z)]));
    // Damascus (36.2765° E, 33.5138° N) lies inside the tile the slippy-map formula names, at this zoom.
    const n = 2 ** z;
    const lat = (33.5138 * Math.PI) / 180;
    const tx = Math.floor(((36.2765 + 180) / 360) * n);
    const ty = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
    const tile = tiles.find((t) => t.href.endsWith(`/${z}/${tx}/${ty}.png`))!;
    const [x, y] = project(36.2765, 33.5138);
    expect(x).toBeGreaterThanOrEqual(tile.x);
    expect(x).toBeLessThan(tile.x + tile.size);
    expect(y).toBeGreaterThanOrEqual(tile.y);
    expect(y).toBeLessThan(tile.y + tile.size);
  });
});
