// /services/{serviceId}: one service's providers, with the sidebar's city selector and rating filter.
// The filters are a plain GET form, so they work before (and without) JavaScript.
import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/service";
import { idParam, languageOf, notFound, domainOf } from "../lib/loader-params.server";
import { placeCards } from "../lib/view.server";
import { LIST_PAGE_SIZE, pageOfList, pageParam } from "../lib/paging.server";
import { Pager } from "../components/Pager";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { PlaceGrid } from "../components/PlaceCard";
import { localePath, sitePath } from "../lib/paths";

export const handle = { variant: "services" };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const service = await domain.content.serviceType(language, idParam(params.serviceId));
  if (!service) throw notFound();
  const url = new URL(request.url);
  const servicesCategory = (await domain.content.categories(language, 2))[0];
  // A service type's providers may number thousands: the filters' options and the count are asked of the
  // database, and one page of cards is read.
  const offered = { serviceTypeId: service.id, categoryId: servicesCategory?.id ?? -1 };
  const cityIds = await domain.content.placeValues(offered, "city_id");
  const cities = (await domain.content.cities(language)).filter((c) => cityIds.includes(c.id)).map((c) => ({ id: c.id, name: c.name }));
  const cityId = Number(url.searchParams.get("city")) || null;
  const city = cities.find((c) => c.id === cityId) ?? null;
  const inCity = city ? { ...offered, cityId: city.id } : offered;
  const stars = await domain.content.placeValues(inCity, "star");
  const star = Number(url.searchParams.get("star")) || null;
  const chosenStar = star && stars.includes(star) ? star : null;
  const shown = chosenStar ? { ...inCity, star: chosenStar } : inCity;
  const total = await domain.content.countPlaces(shown);
  const at = pageOfList(pageParam(request), total);
  const providers = await domain.content.places(language, shown, { page: at.page, perPage: LIST_PAGE_SIZE });
  return {
    service: { id: service.id, name: service.name, description: service.description },
    cities,
    city: city?.id ?? null,
    stars,
    star: chosenStar,
    total,
    at,
    providers: await placeCards(domain, language, providers.items),
  };
}

export default function Service({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const submit = useSubmit();
  const { service, cities, city, stars, star, total, at, providers } = loaderData;
  return (
    <div className="page with-sidebar">
      <Seo title={service.name} description={service.description} path={sitePath.service(service.id)} page={at.page} />
      <h1>{service.name}</h1>
      <p className="lead">{service.description}</p>
      <aside className="sidebar" aria-labelledby="filters-title">
        <h2 id="filters-title">{t("services.filters")}</h2>
        <Form
          method="get"
          action={localePath(language, sitePath.service(service.id))}
          onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
        >
          <label htmlFor="city">{t("services.city")}</label>
          <select id="city" name="city" defaultValue={city ?? ""} key={`city-${city}`}>
            <option value="">{t("services.allCities")}</option>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <fieldset>
            <legend>{t("services.rating")}</legend>
            {stars.length ? (
              <>
                <label>
                  <input type="radio" name="star" value="" defaultChecked={!star} key={`all-${star}`} /> {t("services.all")}
                </label>
                {stars.map((s) => (
                  <label key={s}>
                    <input type="radio" name="star" value={s} defaultChecked={star === s} key={`${s}-${star}`} />{" "}
                    {t("services.stars", { count: s })}
                  </label>
                ))}
              </>
            ) : (
              <p className="state">{t("services.noStars")}</p>
            )}
          </fieldset>
          <noscript>
            <button type="submit" className="button">
              {t("services.apply")}
            </button>
          </noscript>
        </Form>
      </aside>
      <section className="providers" aria-labelledby="providers-title">
        <h2 id="providers-title">{t("services.providers", { count: total })}</h2>
        <PlaceGrid places={providers} emptyText={t("cityPlaces.empty")} />
        <Pager path={sitePath.service(service.id)} query={{ city, star }} {...at} />
      </section>
    </div>
  );
}
