// The map of Syria: inline SVG from our own origin (the base layer, the places, the names), drawn on the
// server so it is there without a script. With the map page's script, it zooms and pans, and clusters are
// redrawn for the zoom: a cluster zooms in on its places, a single marker leads to its page. Every marker is
// a link, so keyboard users move between them with Tab, and screen readers hear each one's name.
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { boundsOf, clusterMarkers, type MapCluster, type MapMarker } from "../../shared/map-clusters";
import { useI18n } from "../i18n/I18nProvider";

type View = [number, number, number, number];
type CountryMapProps = {
  viewBox: string;
  countries: Array<{ key: string; d: string }>;
  markers: MapMarker[];
  labels: {
    cities: Array<{ id: number; name: string; x: number; y: number }>;
    areas: Array<{ key: string; x: number; y: number; vertical?: boolean }>;
  };
  /** Where a cluster leads without a script (the map filtered to its first place's city). */
  clusterHref: (cluster: MapCluster) => string;
  /** Optional raster tiles of a configured tile source, drawn under the outlines. */
  tiles?: Array<{ href: string; x: number; y: number; size: number }>;
};

/** Screen pixels per SVG unit the server draws for: about a laptop's map width. */
const SERVER_PIXELS_PER_UNIT = 0.8;
/** The closest zoom, in SVG units across: a few hundred metres, where a site's neighbours part. */
const MIN_SPAN = 3;

const parseView = (viewBox: string) => viewBox.split(" ").map(Number) as View;

export function CountryMap(props: CountryMapProps) {
  const { t } = useI18n();
  const initial = useMemo(() => parseView(props.viewBox), [props.viewBox]);
  const [view, setView] = useState<View>(initial);
  const [width, setWidth] = useState(initial[2] * SERVER_PIXELS_PER_UNIT);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);

  useEffect(() => setView(initial), [initial]);
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    // The drawing is kept whole inside the box (preserveAspectRatio "meet"): when the window's height limits
    // the box, the drawing's width is the height's share of it.
    const observer = new ResizeObserver(() =>
      setWidth(Math.min(element.clientWidth, (element.clientHeight * initial[2]) / initial[3]) || width),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [width, initial]);

  const ppu = width / view[2];
  const clusters = useMemo(() => clusterMarkers(props.markers, ppu), [props.markers, ppu]);
  const unit = 1 / ppu;

  function zoom(factor: number, around?: [number, number]) {
    setView(([x, y, w, h]) => {
      const nw = Math.min(initial[2], Math.max(MIN_SPAN, w / factor));
      const nh = (nw * h) / w;
      const [cx, cy] = around ?? [x + w / 2, y + h / 2];
      return [cx - nw / 2, cy - nh / 2, nw, nh];
    });
  }
  function zoomTo(cluster: MapCluster) {
    const [x0, y0, x1, y1] = boundsOf(cluster.markers);
    const span = Math.max(MIN_SPAN, (x1 - x0) * 1.6, ((y1 - y0) * 1.6 * initial[2]) / initial[3]);
    const height = (span * initial[3]) / initial[2];
    setView([(x0 + x1) / 2 - span / 2, (y0 + y1) / 2 - height / 2, span, height]);
  }
  function onPointerDown(event: ReactPointerEvent<SVGSVGElement>) {
    drag.current = { x: event.clientX, y: event.clientY, view, moved: false };
  }
  function onPointerMove(event: ReactPointerEvent<SVGSVGElement>) {
    const d = drag.current;
    if (!d) return;
    const dx = (event.clientX - d.x) / ppu;
    const dy = (event.clientY - d.y) / ppu;
    if (!d.moved && Math.hypot(dx * ppu, dy * ppu) < 4) return;
    d.moved = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    setView([d.view[0] - dx, d.view[1] - dy, d.view[2], d.view[3]]);
  }
  function onPointerUp() {
    // A drag that moved is not a click on the marker it ended on.
    setTimeout(() => {
      drag.current = null;
    });
  }

  return (
    <div className="country-map">
      <div className="map-controls">
        <button type="button" className="button secondary" onClick={() => zoom(2)} aria-label={t("map.zoomIn")}>
          +
        </button>
        <button type="button" className="button secondary" onClick={() => zoom(0.5)} aria-label={t("map.zoomOut")}>
          −
        </button>
        <button type="button" className="button secondary" onClick={() => setView(initial)}>
          {t("map.reset")}
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG map holding links is a group; a fieldset cannot be inside an SVG. */}
      <svg
        ref={svg}
        viewBox={view.join(" ")}
        role="group"
        aria-label={t("map.label")}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onClickCapture={(event) => {
          if (drag.current?.moved) event.preventDefault();
        }}
      >
        <rect className="sea" x={initial[0] - 2000} y={initial[1] - 2000} width={initial[2] + 4000} height={initial[3] + 4000} />
        {props.tiles?.map((tile) => (
          <image key={tile.href} href={tile.href} x={tile.x} y={tile.y} width={tile.size} height={tile.size} />
        ))}
        {props.countries.map((c) => (
          <path key={c.key} d={c.d} className={c.key === "syria" ? "land syria" : "land"} strokeWidth={unit} />
        ))}
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: names drawn for the eye; nothing in them is focusable, and the list below says them. */}
        <g className="area-labels" aria-hidden="true" fontSize={13 * unit}>
          {props.labels.areas.map((a) => (
            <text key={a.key} x={a.x} y={a.y} textAnchor="middle" transform={a.vertical ? `rotate(-90 ${a.x} ${a.y})` : undefined}>
              {t(`map.areas.${a.key}`)}
            </text>
          ))}
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: names drawn for the eye; nothing in them is focusable, and the list below says them. */}
        <g className="city-labels" aria-hidden="true" fontSize={12 * unit}>
          {props.labels.cities.map((c) => (
            <text key={c.id} x={c.x} y={c.y - 9 * unit} textAnchor="middle" strokeWidth={3 * unit}>
              {c.name}
            </text>
          ))}
        </g>
        <g className="markers">
          {clusters.map((cluster) => {
            const [first] = cluster.markers;
            if (cluster.markers.length === 1)
              return (
                <a key={first.id} href={first.href} className={`marker marker-${first.kind}`} aria-label={first.name}>
                  <circle cx={first.x} cy={first.y} r={7 * unit} strokeWidth={2 * unit} />
                </a>
              );
            const label = t("map.cluster", { count: cluster.markers.length, place: first.name });
            return (
              <a
                key={`c${first.id}`}
                href={props.clusterHref(cluster)}
                className="cluster"
                aria-label={label}
                onClick={(event) => {
                  event.preventDefault();
                  zoomTo(cluster);
                }}
              >
                <circle cx={cluster.x} cy={cluster.y} r={13 * unit} strokeWidth={2 * unit} />
                <text x={cluster.x} y={cluster.y} dy="0.35em" textAnchor="middle" fontSize={12 * unit}>
                  {cluster.markers.length}
                </text>
              </a>
            );
          })}
        </g>
      </svg>
      <p className="map-attribution">{t("map.attribution")}</p>
    </div>
  );
}
