// /cities/{categoryId}/sites/{cityId}/action/{placeId}: a place, with its actions as tabs over the child pages.
import { Outlet, useLocation } from "react-router";
import { useEnclosingRouteData } from "../../lib/route-data";
import type { Route } from "./+types/layout";
import { idParam, languageOf, notFound, domainOf } from "../../lib/loader-params.server";
import { placeView, type PlaceView } from "../../lib/place-view.server";
import { useI18n } from "../../i18n/I18nProvider";
import { LocalLink } from "../../components/LocalLink";
import { Picture } from "../../components/Picture";
import { PhotoCredit } from "../../components/PhotoCredit";
import { PlaceStatus } from "../../components/PlaceFacts";
import { SaveButton } from "../../components/SaveButton";
import { localePath, sitePath, splitLanguage } from "../../lib/paths";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const view = await placeView(domainOf(context), language, {
    placeId: idParam(params.placeId),
    cityId: idParam(params.cityId),
    categoryId: idParam(params.categoryId),
  });
  if (!view) throw notFound();
  return view;
}

export const usePlace = () => useEnclosingRouteData<PlaceView>("routes/place/layout");

export function mapLinks(place: { lat: number; lng: number; name: string }) {
  return {
    geo: `geo:${place.lat},${place.lng}?q=${place.lat},${place.lng}(${encodeURIComponent(place.name)})`,
    osm: `https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lng}#map=16/${place.lat}/${place.lng}`,
  };
}

export default function PlaceLayout({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const { place, images } = loaderData;
  const base = sitePath.place(place.categoryId, place.cityId, place.id);
  const here = splitLanguage(useLocation().pathname).path + useLocation().search;
  const tabs: Array<[string, string]> = [
    ["info", `${base}/info`],
    ["sign", `${base}/sign`],
    ["virtual", `${base}/virtual`],
    ["images", `${base}/images`],
    ["video", `${base}/video`],
    ["video2", `${base}/video?n=2`],
  ];
  return (
    <article className="page site" itemScope>
      <header className="site-header">
        {images[0] && (
          <figure className="site-cover">
            <Picture image={images[0]} sizes="100vw" eager alt="" />
            {images[0].credit && (
              <figcaption>
                <PhotoCredit credit={images[0].credit} />
              </figcaption>
            )}
          </figure>
        )}
        <div>
          <p className="breadcrumbs">
            <LocalLink to={sitePath.cityPlaces(place.categoryId, place.cityId)}>{place.cityName}</LocalLink>
            {" · "}
            {place.categoryName}
            {place.unesco ? ` · ${t("actionSection.unesco")}` : ""}
          </p>
          <h1>{place.name}</h1>
          <PlaceStatus place={place} />
          <p className="lead">{place.summary}</p>
          <SaveButton placeId={place.id} name={place.name} />
        </div>
      </header>
      <nav className="site-tabs" aria-label={t("actions.label")}>
        <ul>
          <li>
            <a href={mapLinks(place).osm} rel="noopener noreferrer" target="_blank">
              {t("actions.location")}
            </a>
          </li>
          {tabs.map(([key, to]) => (
            <li key={key}>
              <LocalLink to={to} aria-current={here === to ? "page" : undefined} preventScrollReset>
                {t(`actions.${key}`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="site-content" id="site-content">
        <Outlet />
      </div>
      <p>
        <LocalLink to={base} className="back-link">
          {t("actionSection.allActions")}
        </LocalLink>{" "}
        ·{" "}
        <a href={localePath(language, sitePath.cityPlaces(place.categoryId, place.cityId))}>
          {t("actionSection.backToCity", { city: place.cityName })}
        </a>
      </p>
    </article>
  );
}
