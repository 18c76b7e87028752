// The small map on a place's page: the outlines near it, the place, and the places around it, each a link.
// Inline SVG from our own origin, drawn on the server: no script, no request elsewhere.
import { useI18n } from "../i18n/I18nProvider";
import type { PlaceView } from "../lib/place-view.server";

export function SurroundingsMap({ map, name }: { map: PlaceView["surroundings"]; name: string }) {
  const { t } = useI18n();
  const unit = Number(map.viewBox.split(" ")[2]) / 600;
  return (
    <figure className="surroundings country-map">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG map holding links is a group; a fieldset cannot be inside an SVG. */}
      <svg viewBox={map.viewBox} role="group" aria-label={t("map.surroundings", { place: name })}>
        <rect className="sea" x={-5000} y={-5000} width={10000} height={10000} />
        {map.countries.map((c) => (
          <path key={c.key} d={c.d} className={c.key === "syria" ? "land syria" : "land"} strokeWidth={unit * 1.5} />
        ))}
        {map.around.map((p) => (
          <a key={p.id} href={p.href} className="around" aria-label={p.name}>
            <circle cx={p.x} cy={p.y} r={6 * unit} strokeWidth={1.5 * unit} />
          </a>
        ))}
        {map.here && (
          <g className="here">
            <circle cx={map.here.x} cy={map.here.y} r={9 * unit} strokeWidth={2 * unit} />
            <text x={map.here.x} y={map.here.y - 14 * unit} textAnchor="middle" fontSize={16 * unit} className="here-label">
              {name}
            </text>
          </g>
        )}
      </svg>
    </figure>
  );
}
