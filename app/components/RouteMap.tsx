// A day of an itinerary on a small map drawn on the server: the outlines around its stops, the stops numbered
// in the route's order, each a link to its place, joined by straight lines (not roads: the page says so).
import type { DayMap } from "../lib/itineraries.server";

export function RouteMap({ map, label }: { map: DayMap; label: string }) {
  const unit = Number(map.viewBox.split(" ")[2]) / 600;
  return (
    <figure className="surroundings country-map route-map">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG map holding links is a group; a fieldset cannot be inside an SVG. */}
      <svg viewBox={map.viewBox} role="group" aria-label={label}>
        <rect className="sea" x={-5000} y={-5000} width={10000} height={10000} />
        {map.countries.map((c) => (
          <path key={c.key} d={c.d} className={c.key === "syria" ? "land syria" : "land"} strokeWidth={unit * 1.5} />
        ))}
        <polyline className="route-line" points={map.stops.map((s) => `${s.x},${s.y}`).join(" ")} strokeWidth={unit * 2} />
        {map.stops.map((s) => (
          <a key={s.n} href={s.href} className="here" aria-label={`${s.n}. ${s.name}`}>
            <circle cx={s.x} cy={s.y} r={10 * unit} strokeWidth={2 * unit} />
            <text x={s.x} y={s.y + 5 * unit} textAnchor="middle" fontSize={14 * unit} className="route-number">
              {s.n}
            </text>
          </a>
        ))}
      </svg>
    </figure>
  );
}
