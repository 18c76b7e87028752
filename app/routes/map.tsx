// /map: the best-known sites, culture places and service providers (at most MAP_MARKERS, with the count of all)
// on a map of Syria drawn from our own origin, with filters by category and city (a form: it works without a
// script), and the list of every marker shown.
import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/map";
import { languageOf, domainOf, siteOf } from "../lib/loader-params.server";
import { mapLabels, mapPlaces } from "../lib/map.server";
import { countryLayer } from "../../domain/map/base-layer";
import { tilesFor } from "../lib/map-tiles.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { CountryMap } from "../components/CountryMap";
import { MAP_HEIGHT, MAP_WIDTH, viewAround } from "../../shared/map-clusters";
import { localePath } from "../lib/paths";

/** The most markers one map draws (and lists). */
const MAP_MARKERS = 400;

const numberParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const query = new URL(request.url).searchParams;
  const categoryId = numberParam(query.get("category"));
  const cityId = numberParam(query.get("city"));
  const filter = { categoryId, cityId };
  // At national scale the map draws the best-known places of what is chosen, never tens of thousands of
  // markers; the count says how many there are, and a city or a kind of place narrows the choice.
  const [shown, total, labels, categories, cities, used, withPlaces] = await Promise.all([
    mapPlaces(domain, language, { filter, limit: MAP_MARKERS }),
    domain.content.countPlaces(filter),
    mapLabels(domain, language),
    domain.content.categories(language),
    domain.content.cities(language),
    domain.content.placeValues({}, "category_id"),
    domain.content.placeValues({}, "city_id"),
  ]);
  // Filtered to one city, the map opens on its places.
  const viewBox = viewAround(cityId === undefined ? [] : shown, MAP_WIDTH, MAP_HEIGHT, 80);
  return {
    base: countryLayer(),
    tiles: tilesFor(siteOf(context).mapTiles),
    viewBox,
    total,
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
      categories: categories.filter((c) => used.includes(c.id)).map((c) => ({ id: c.id, name: c.name })),
      cities: cities.filter((c) => withPlaces.includes(c.id)).map((c) => ({ id: c.id, name: c.name })),
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
        {loaderData.total > loaderData.markers.length
          ? t("map.countSome", { shown: loaderData.markers.length, count: loaderData.total })
          : t("map.count", { count: loaderData.total })}
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
