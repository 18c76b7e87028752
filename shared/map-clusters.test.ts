// Clusters on the map: near markers join, far ones stay apart, the same zoom always gives the same clusters,
// and the view around a set of places keeps the map's proportions.
import { describe, expect, it } from "vitest";
import { CLUSTER_PIXELS, clusterMarkers, viewAround, type MapMarker } from "./map-clusters.ts";

const marker = (id: number, x: number, y: number): MapMarker => ({ id, name: `p${id}`, href: `/p/${id}`, x, y, kind: "site", cityId: 1 });

describe("map clusters", () => {
  const markers = [marker(1, 100, 100), marker(2, 104, 100), marker(3, 300, 300)];

  it("joins markers closer than the cluster distance on screen, at the first marker's place", () => {
    // One SVG unit is one pixel: 4 px apart is close, 283 px apart is not.
    const clusters = clusterMarkers(markers, 1);
    expect(clusters.map((c) => c.markers.map((m) => m.id))).toEqual([[1, 2], [3]]);
    expect([clusters[0].x, clusters[0].y]).toEqual([100, 100]);
  });
  it("parts them when zoomed in far enough", () => {
    expect(clusterMarkers(markers, CLUSTER_PIXELS / 4 + 0.1).map((c) => c.markers.length)).toEqual([1, 1, 1]);
  });
  it("views a set of places in the map's proportions, with a margin, never narrower than asked", () => {
    expect(viewAround([], 1000, 860, 80)).toBe("0 0 1000 860");
    const [x, y, w, h] = viewAround([marker(1, 100, 100), marker(2, 300, 200)], 1000, 860, 80)
      .split(" ")
      .map(Number);
    expect(w).toBe(300);
    expect(h).toBeCloseTo(258);
    expect([x + w / 2, y + h / 2]).toEqual([200, 150]);
    expect(
      viewAround([marker(1, 500, 500)], 1000, 860, 80)
        .split(" ")
        .map(Number)[2],
    ).toBe(80);
  });
});
