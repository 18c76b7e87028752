import { Card } from "./Card";
import { sitePath } from "../lib/paths";
import type { PlaceCard as Place } from "../lib/view.server";
import { useI18n } from "../i18n/context";

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
