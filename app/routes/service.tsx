// /services/{serviceId}: one service's providers, with the sidebar's city selector and rating filter.
// The filters are a plain GET form, so they work before (and without) JavaScript.
import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/service";
import { idParam, languageOf, notFound, domainOf } from "../lib/loader-params.server";
import { placeCards } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { PlaceGrid } from "../components/PlaceCard";
import { localePath, sitePath } from "../lib/paths";

export const handle = { variant: "services" };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const service = await domain.content.serviceType(idParam(params.serviceId), language);
  if (!service) throw notFound();
  const url = new URL(request.url);
  const servicesCategory = (await domain.content.categories(language, 2))[0];
  const all = servicesCategory
    ? (await domain.content.places(language, { serviceTypeId: service.id, categoryId: servicesCategory.id })).items
    : [];
  const cityIds = [...new Set(all.map((p) => p.city_id))];
  const cities = (await domain.content.cities(language)).filter((c) => cityIds.includes(c.id)).map((c) => ({ id: c.id, name: c.name }));
  const cityId = Number(url.searchParams.get("city")) || null;
  const city = cities.find((c) => c.id === cityId) ?? null;
  const inCity = all.filter((p) => !city || p.city_id === city.id);
  const stars = [...new Set(inCity.map((p) => p.star).filter((s): s is number => s !== null))].sort();
  const star = Number(url.searchParams.get("star")) || null;
  const chosenStar = star && stars.includes(star) ? star : null;
  const shown = inCity.filter((p) => !chosenStar || p.star === chosenStar);
  return {
    service: { id: service.id, name: service.name, description: service.description },
    cities,
    city: city?.id ?? null,
    stars,
    star: chosenStar,
    providers: await placeCards(domain, language, shown),
  };
}

export default function Service({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const submit = useSubmit();
  const { service, cities, city, stars, star, providers } = loaderData;
  return (
    <div className="page with-sidebar">
      <Seo title={service.name} description={service.description} path={sitePath.service(service.id)} />
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
        <h2 id="providers-title">{t("services.providers", { count: providers.length })}</h2>
        <PlaceGrid places={providers} emptyText={t("sites.empty")} />
      </section>
    </div>
  );
}
