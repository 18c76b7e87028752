// /map: every site, culture place and service provider on a map of Syria drawn from our own origin, with
// filters by category and city (a form: it works without a script), and the list of every marker shown.
import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/map";
import { languageOf, domainOf } from "../lib/loader-params.server";
import { mapLabels, mapPlaces } from "../lib/map.server";
import { countryLayer } from "../../domain/map/base-layer";
import { tilesFor } from "../lib/map-tiles.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { CountryMap } from "../components/CountryMap";
import { MAP_HEIGHT, MAP_WIDTH, viewAround } from "../../shared/map-clusters";
import { localePath } from "../lib/paths";

const numberParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const query = new URL(request.url).searchParams;
  const categoryId = numberParam(query.get("category"));
  const cityId = numberParam(query.get("city"));
  const [places, labels, categories, cities] = await Promise.all([
    mapPlaces(domain, language),
    mapLabels(domain, language),
    domain.content.categories(language),
    domain.content.cities(language),
  ]);
  const shown = places.filter(
    (p) => (categoryId === undefined || p.categoryId === categoryId) && (cityId === undefined || p.cityId === cityId),
  );
  // Filtered to one city, the map opens on its places.
  const viewBox = viewAround(cityId === undefined ? [] : shown, MAP_WIDTH, MAP_HEIGHT, 80);
  const used = new Set(places.map((p) => p.categoryId));
  const withPlaces = new Set(places.map((p) => p.cityId));
  return {
    base: countryLayer(),
    tiles: tilesFor(domain.mapTiles),
    viewBox,
    markers: shown.map(({ categoryId: _c, city: _n, ...m }) => m),
    list: cities
      .filter((c) => shown.some((p) => p.cityId === c.id))
      .map((c) => ({
        id: c.id,
        name: c.name,
        places: shown.filter((p) => p.cityId === c.id).map((p) => ({ id: p.id, name: p.name, href: p.href })),
      })),
    labels,
    filters: {
      category: categoryId ?? null,
      city: cityId ?? null,
      categories: categories.filter((c) => used.has(c.id)).map((c) => ({ id: c.id, name: c.name })),
      cities: cities.filter((c) => withPlaces.has(c.id)).map((c) => ({ id: c.id, name: c.name })),
    },
  };
}

/** One filter of the map: "all", or one of its options; keyed by its value, so a navigation resets it. */
function Filter(props: { name: string; label: string; all: string; value: number | null; options: Array<{ id: number; name: string }> }) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ""} key={`${props.name}-${props.value}`}>
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const submit = useSubmit();
  const { filters } = loaderData;
  return (
    <div className="page map-page">
      <Seo title={t("map.title")} description={t("map.description")} path="/map" />
      <h1>{t("map.title")}</h1>
      <p className="lead">{t("map.description")}</p>
      <Form method="get" className="map-filters" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
        <Filter name="category" label={t("map.category")} all={t("map.all")} value={filters.category} options={filters.categories} />
        <Filter name="city" label={t("map.city")} all={t("map.all")} value={filters.city} options={filters.cities} />
        <button type="submit" className="button">
          {t("map.show")}
        </button>
      </Form>
      <p className="note" role="status">
        {t("map.count", { count: loaderData.markers.length })}
      </p>
      <CountryMap
        viewBox={loaderData.viewBox}
        countries={loaderData.base.countries}
        tiles={loaderData.tiles}
        markers={loaderData.markers}
        labels={loaderData.labels}
        clusterHref={(cluster) => localePath(language, `/map?city=${cluster.markers[0].cityId}`)}
      />
      <section aria-labelledby="map-list-title" className="map-list">
        <h2 id="map-list-title">{t("map.listTitle")}</h2>
        {loaderData.list.map((city) => (
          <section key={city.id} aria-labelledby={`map-city-${city.id}`}>
            <h3 id={`map-city-${city.id}`}>{city.name}</h3>
            <ul>
              {city.places.map((p) => (
                <li key={p.id}>
                  <a href={p.href}>{p.name}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}
