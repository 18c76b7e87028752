import { Card } from "./Card";
import { sitePath } from "../lib/paths";
import type { PlaceCard as Place } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";

export function PlaceCard({ place, headingLevel = 3 }: { place: Place; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  return (
    <Card
      title={place.name}
      to={sitePath.place(place.categoryId, place.cityId, place.id)}
      image={place.image}
      meta={`${place.cityName}${place.star ? ` · ${t("services.stars", { count: place.star })}` : ""}`}
      text={place.summary}
      headingLevel={headingLevel}
    />
  );
}

/** Places as a grid of cards; with `emptyText`, that message stands in for an empty grid. */
export function PlaceGrid({ places, headingLevel, emptyText }: { places: Place[]; headingLevel?: 2 | 3; emptyText?: string }) {
  if (!places.length && emptyText) return <p className="state">{emptyText}</p>;
  return (
    <ul className="card-grid">
      {places.map((p) => (
        <li key={p.id}>
          <PlaceCard place={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
