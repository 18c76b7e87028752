import { LocalLink } from "./LocalLink";
import { Picture } from "./Picture";
import { sitePath } from "../lib/paths";
import type { PlaceCard as Card } from "../lib/view.server";
import { useI18n } from "../i18n/context";

export function PlaceCard({ place, headingLevel = 3 }: { place: Card; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <article className="card">
      {place.image && <Picture image={place.image} alt="" />}
      <div className="card-body">
        <Heading className="card-title">
          <LocalLink to={sitePath.place(place.categoryId, place.cityId, place.id)} className="card-link">{place.name}</LocalLink>
        </Heading>
        <p className="card-meta">{place.cityName}{place.star ? ` · ${t("services.stars", { count: place.star })}` : ""}</p>
        <p>{place.summary}</p>
      </div>
    </article>
  );
}
