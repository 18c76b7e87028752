// The actions menu of a place, with its location for the visitor's map app.
import { useEnclosingRouteData } from "../../lib/route-data";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";
import { mapLinks, usePlace } from "./layout";
import { sitePath } from "../../lib/paths";
import type { RootData } from "../../root";
import { SurroundingsMap } from "../../components/SurroundingsMap";
import { ComingEvents } from "../../components/ComingEvents";

export default function PlaceActions() {
  const { t } = useI18n();
  const root = useEnclosingRouteData<RootData>("root");
  const view = usePlace();
  const { place } = view;
  const base = sitePath.place(place.categoryId, place.cityId, place.id);
  const maps = mapLinks(place);
  const actions: Array<[string, string, boolean]> = [
    ["info", `${base}/info`, !!place.information],
    ["sign", `${base}/sign`, view.sign.length > 0],
    ["virtual", `${base}/virtual`, view.panoramas.length + view.tours.length > 0],
    ["images", `${base}/images`, view.images.length > 0],
    ["video", `${base}/video`, view.videos.length > 0],
    ["video2", `${base}/video?n=2`, view.videos.length > 1],
  ];
  return (
    <>
      <Seo
        title={place.name}
        description={place.summary}
        path={base}
        image={view.images[0]?.src}
        jsonLd={{
          "@context": "https://schema.org",
          "@type": "TouristAttraction",
          name: place.name,
          description: place.summary,
          address: place.address,
          geo: { "@type": "GeoCoordinates", latitude: place.lat, longitude: place.lng },
          image: view.images.slice(0, 3).map((i) => root.origin + i.src),
          isAccessibleForFree: undefined,
          containedInPlace: { "@type": "City", name: place.cityName },
          sameAs: place.wikidata ? [`https://www.wikidata.org/wiki/${place.wikidata}`] : undefined,
        }}
      />
      <h2 className="visually-hidden">{t("actions.label")}</h2>
      <section className="location-card" aria-labelledby="location-title">
        <h3 id="location-title">{t("actions.location")}</h3>
        <SurroundingsMap map={view.surroundings} name={place.name} />
        <p>{place.address}</p>
        <p dir="ltr" className="coordinates">
          {place.lat.toFixed(4)}, {place.lng.toFixed(4)}
        </p>
        <p className="button-row">
          <a className="button" href={maps.geo}>
            {t("actionSection.openInMaps")}
          </a>
          <a className="button secondary" href={maps.osm} rel="noopener noreferrer" target="_blank">
            {t("actionSection.openStreetMap")}
          </a>
        </p>
      </section>
      <ComingEvents events={view.events} level={3} />
      <ul className="action-grid">
        {actions.map(([key, to, available]) => (
          <li key={key}>
            <LocalLink to={to} className={`action${available ? "" : " is-empty"}`} preventScrollReset>
              <span className="action-title">{t(`actions.${key}`)}</span>
              {!available && <span className="action-note">{t("actionSection.notAvailable")}</span>}
            </LocalLink>
          </li>
        ))}
      </ul>
    </>
  );
}
