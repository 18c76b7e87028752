// /cities/{categoryId}: the cities that have places of a category.
import type { Route } from "./+types/category-cities";
import { idParam, languageOf, notFound, domainOf } from "../lib/loader-params.server";
import { coverImages } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { CardGrid } from "../components/Card";
import { sitePath } from "../lib/paths";
import { DataState } from "../components/DataState";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const category = await domain.content.category(language, idParam(params.categoryId));
  if (!category) throw notFound();
  return {
    category: { id: category.id, name: category.name, description: category.description },
    // The list streams in on client navigation, under "loading category information".
    cities: domain.content.citiesOfCategory(language, category.id).then(async (found) => {
      const cities = found?.cities ?? [];
      const images = await coverImages(
        domain,
        "city",
        cities.map((c) => c.id),
        language,
      );
      return cities.map((c) => ({ id: c.id, name: c.name, description: c.description, image: images.get(c.id) ?? null }));
    }),
  };
}

export default function CategoryCities({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { category, cities } = loaderData;
  return (
    <div className="page">
      <Seo
        title={category.name}
        description={category.description || t("cities.subtitle", { category: category.name })}
        path={sitePath.category(category.id)}
      />
      <h1>{category.name}</h1>
      <p className="lead">{t("cities.subtitle", { category: category.name })}</p>
      <DataState data={cities} group="cities" loadingKey="loadingCategoryInfo.text">
        {(list) => (
          <CardGrid
            cards={list.map((c) => ({
              key: c.id,
              title: c.name,
              to: sitePath.cityPlaces(category.id, c.id),
              image: c.image,
              text: c.description,
              headingLevel: 2,
            }))}
          />
        )}
      </DataState>
    </div>
  );
}
