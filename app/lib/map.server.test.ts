// A place's surroundings map draws the dozen most popular places inside its window. It reads the places of a
// slightly larger box a few at a time, most popular first; when those are mostly just outside the window, it
// must read on, and still draw exactly the places a read of the whole box would.
import { describe, expect, it } from "vitest";
import type { Domain } from "../../domain/domain.ts";
import type { MarkerBox, PlaceFilter } from "../../db/repositories/content.ts";
import { project, unproject } from "../../domain/map/base-layer.ts";
import { surroundingsMap } from "./map.server.ts";

type Row = {
  id: number;
  kind: string;
  category_id: number;
  city_id: number;
  lat: number;
  lng: number;
  name: string;
  city_name: string;
  popularity: number;
};

/** A content service whose markers answer as the repository does: in the box, most popular first, at most `limit`. */
function domainOf(rows: Row[]) {
  const reads: Array<number | undefined> = [];
  const markers = async (_language: string, only: { box?: MarkerBox; filter?: PlaceFilter; limit?: number } = {}) => {
    reads.push(only.limit);
    const { box, filter, limit } = only;
    const found = rows
      .filter((r) => !box || (r.lat >= box.south && r.lat <= box.north && r.lng >= box.west && r.lng <= box.east))
      .filter((r) => !filter?.ids || filter.ids.includes(r.id))
      .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    return found.slice(0, limit ?? found.length);
  };
  return { domain: { content: { markers } } as unknown as Domain, reads };
}

const place = (id: number, [lng, lat]: [number, number], popularity: number): Row => ({
  id,
  kind: "site",
  category_id: 1,
  city_id: 1,
  lat,
  lng,
  name: `Place ${id}`,
  city_name: "Damascus",
  popularity,
});

describe("a place's surroundings map", () => {
  const damascus = { id: 1, lng: 36.2765, lat: 33.5138 };
  const [cx, cy] = project(damascus.lng, damascus.lat);

  it("draws the dozen most popular places inside the window, reading on past those just outside it", async () => {
    const rows = [place(1, [damascus.lng, damascus.lat], 1)];
    // 300 popular places just past the window's eastern edge (inside the box read), then 40 inside it.
    for (let i = 0; i < 300; i++) rows.push(place(100 + i, unproject(cx + 45.5, cy), 1000 - i));
    for (let i = 0; i < 40; i++) rows.push(place(1000 + i, unproject(cx + (i % 20) - 10, cy + (i % 7) - 3), 500 - i));
    const { domain, reads } = domainOf(rows);
    const map = await surroundingsMap(domain, "en", damascus);
    expect(map.here?.id).toBe(1);
    expect(map.around.map((m) => m.id)).toEqual(Array.from({ length: 12 }, (_, i) => 1000 + i));
    // It read more than its first few, and never the whole box without a limit.
    expect(reads.filter((limit) => limit !== undefined).length).toBeGreaterThan(1);
  });

  it("reads only a few places when the most popular are inside the window", async () => {
    const rows = [place(1, [damascus.lng, damascus.lat], 1)];
    for (let i = 0; i < 5000; i++) rows.push(place(10 + i, unproject(cx + (i % 40) - 20, cy + (i % 11) - 5), 10_000 - i));
    const { domain, reads } = domainOf(rows);
    const map = await surroundingsMap(domain, "en", damascus);
    expect(map.around.map((m) => m.id)).toEqual(Array.from({ length: 12 }, (_, i) => 10 + i));
    expect(reads).toEqual([52, undefined]);
  });
});
