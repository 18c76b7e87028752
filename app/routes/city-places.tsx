// /cities/{categoryId}/sites/{cityId}: the city's sites, the chosen category first, each list headed
// "discover {category} of {city}". The chosen category's list comes in pages (?page=N).
import type { Route } from "./+types/city-places";
import { idParam, languageOf, notFound, domainOf } from "../lib/loader-params.server";
import { coverImages, placeCards } from "../lib/view.server";
import { Picture } from "../components/Picture";
import { PhotoCredit } from "../components/PhotoCredit";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { PlaceGrid } from "../components/PlaceCard";
import { DataState } from "../components/DataState";
import { Pager } from "../components/Pager";
import { LocalLink } from "../components/LocalLink";
import { LIST_PAGE_SIZE, pageOfList, pageParam } from "../lib/paging.server";
import { localePath, sitePath } from "../lib/paths";
import { isBrowsedByCity } from "../../domain/content/category-kind";
import { comingEvents } from "../lib/events.server";
import { ComingEvents } from "../components/ComingEvents";
import { SaveOffline } from "../components/SaveOffline";

/** Places shown of each of the city's other categories: whole rows at two, three and four cards a row. */
const SECTION_SIZE = 12;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const categoryId = idParam(params.categoryId);
  const cityId = idParam(params.cityId);
  const [city, categories, covers, events] = await Promise.all([
    domain.content.city(language, cityId),
    domain.content.categories(language),
    coverImages(domain, "city", [cityId], language),
    comingEvents(domain, language, { cityId }),
  ]);
  // A city's page opens with its photograph when the library has one (a drawing is for its card only).
  const cover = covers.get(cityId);
  const category = categories.find((c) => c.id === categoryId);
  if (!city || !category) throw notFound();
  const inCategory = (id: number) => ({ categoryId: id, cityId: city.id, withoutService: true });
  const at = pageOfList(pageParam(request), await domain.content.countPlaces(inCategory(categoryId)));
  const first = await domain.content
    .places(language, inCategory(categoryId), { page: at.page, perPage: LIST_PAGE_SIZE })
    .then((r) => placeCards(domain, language, r.items));
  // The city's other categories follow on the list's first page, each its most popular places and a link to
  // its own list; not needed for the first paint, so they stream on client navigation.
  const others =
    at.page > 1
      ? Promise.resolve([])
      : Promise.all(
          categories
            .filter((c) => c.id !== categoryId && isBrowsedByCity(c))
            .map(async (c) => {
              const { items, total } = await domain.content.places(language, inCategory(c.id), { page: 1, perPage: SECTION_SIZE });
              return { id: c.id, name: c.name, total, places: await placeCards(domain, language, items) };
            }),
        ).then((sections) => sections.filter((section) => section.places.length));
  return {
    city: { id: city.id, name: city.name, description: city.description, lat: city.lat, lng: city.lng },
    events: at.page > 1 ? [] : events,
    category: { id: category.id, name: category.name },
    photo: cover?.credit ? cover : null,
    at,
    first,
    others,
  };
}

export default function CityPlaces({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const { city, category, photo, at, first, others, events } = loaderData;
  return (
    <div className="page">
      <Seo
        title={t("cityPlaces.title", { category: category.name, city: city.name })}
        description={city.description}
        path={sitePath.cityPlaces(category.id, city.id)}
        page={at.page}
        jsonLd={{
          "@context": "https://schema.org",
          "@type": "City",
          name: city.name,
          description: city.description,
          geo: { "@type": "GeoCoordinates", latitude: city.lat, longitude: city.lng },
        }}
      />
      {photo?.credit && (
        <figure className="city-photo">
          <Picture image={photo} sizes="100vw" eager />
          <figcaption>
            <PhotoCredit credit={photo.credit} />
          </figcaption>
        </figure>
      )}
      <h1>{t("cityPlaces.title", { category: category.name, city: city.name })}</h1>
      <p className="lead">{city.description}</p>
      {at.page === 1 && <SaveOffline page={localePath(language, sitePath.cityPlaces(category.id, city.id))} />}
      <ComingEvents events={events} />
      <section className="section" aria-labelledby="sites-main">
        <h2 id="sites-main" className="visually-hidden">
          {t("cityPlaces.title", { category: category.name, city: city.name })}
        </h2>
        <PlaceGrid places={first} emptyText={t("cityPlaces.empty")} />
        <Pager path={sitePath.cityPlaces(category.id, city.id)} {...at} />
      </section>
      <DataState data={others} group="cityPlaces" emptyText={false} loadingKey="loadingCityInfo.text">
        {(sections) =>
          sections.map((s) => (
            <section key={s.id} className="section" aria-labelledby={`sites-${s.id}`}>
              <h2 id={`sites-${s.id}`}>{t("cityPlaces.title", { category: s.name, city: city.name })}</h2>
              <PlaceGrid places={s.places} />
              {s.total > s.places.length && (
                <p className="see-all">
                  <LocalLink to={sitePath.cityPlaces(s.id, city.id)} aria-describedby={`sites-${s.id}`}>
                    {t("cityPlaces.seeAll", { count: s.total })}
                  </LocalLink>
                </p>
              )}
            </section>
          ))
        }
      </DataState>
    </div>
  );
}
