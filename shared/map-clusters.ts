// Markers that crowd together become one cluster, at the map's current zoom: the server draws the first
// view, the map page's script redraws on zoom. Greedy and in a fixed order (most popular first), so a given
// zoom always shows the same clusters, and the best-known place gives its cluster its position.

/** The SVG space of the country map: Syria fitted into it with room for its neighbours' edges. */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 860;

export type MapMarker = { id: number; name: string; href: string; x: number; y: number; kind: string; cityId: number };
export type MapCluster = { x: number; y: number; markers: MapMarker[] };

/** How close, in screen pixels, two markers may be before they join one cluster. */
export const CLUSTER_PIXELS = 28;

/**
 * The clusters of `markers` (in the order given) when one SVG unit is `pixelsPerUnit` screen pixels.
 * A lone marker is a cluster of one.
 */
export function clusterMarkers(markers: MapMarker[], pixelsPerUnit: number): MapCluster[] {
  const reach = CLUSTER_PIXELS / pixelsPerUnit;
  const clusters: MapCluster[] = [];
  for (const m of markers) {
    const near = clusters.find((c) => Math.hypot(c.x - m.x, c.y - m.y) < reach);
    if (near) near.markers.push(m);
    else clusters.push({ x: m.x, y: m.y, markers: [m] });
  }
  return clusters;
}

/** The box [x0, y0, x1, y1] around a cluster's markers. */
export function boundsOf(markers: Array<{ x: number; y: number }>): [number, number, number, number] {
  const xs = markers.map((m) => m.x);
  const ys = markers.map((m) => m.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The view ("x y width height") that shows `points` with a margin, in the proportions of the map's
 * `width` × `height` space, never narrower than `minWidth` units nor wider than the whole map.
 */
export function viewAround(points: Array<{ x: number; y: number }>, width: number, height: number, minWidth: number): string {
  if (points.length === 0) return `0 0 ${width} ${height}`;
  const [x0, y0, x1, y1] = boundsOf(points);
  const w = Math.min(width, Math.max(minWidth, (x1 - x0) * 1.5, ((y1 - y0) * 1.5 * width) / height));
  const h = (w * height) / width;
  return `${(x0 + x1) / 2 - w / 2} ${(y0 + y1) / 2 - h / 2} ${w} ${h}`;
}
