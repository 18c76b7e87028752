import type { Route } from "./+types/destinations";
import { languageOf, domainOf } from "../lib/loader-params.server";
import { coverImages } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { CardGrid } from "../components/Card";
import { LocalLink } from "../components/LocalLink";
import { sitePath } from "../lib/paths";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const [cities, categories] = await Promise.all([domain.content.cities(language), domain.content.categories(language, 1)]);
  // Each city opens on the first destination category (in the editors' order) it has places in; which categories
  // a city has places in is read as pairs, never as the places themselves (tens of thousands at national scale).
  const pairs = await domain.content.categoriesByCity("site");
  const firstCategory = new Map<number, number>();
  for (const category of categories) {
    for (const pair of pairs)
      if (pair.category_id === category.id && !firstCategory.has(pair.city_id)) firstCategory.set(pair.city_id, category.id);
  }
  const images = await coverImages(
    domain,
    "city",
    cities.map((c) => c.id),
    language,
  );
  return {
    // A city without sites is not a destination.
    cities: cities.flatMap((c) => {
      const categoryId = firstCategory.get(c.id);
      if (categoryId === undefined) return [];
      return [{ id: c.id, name: c.name, description: c.description, categoryId, image: images.get(c.id) ?? null }];
    }),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
  };
}

export default function Destinations({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page">
      <Seo title={t("meta.destinations.title")} description={t("meta.destinations.description")} path="/destinations" />
      <h1>{t("destinationsPage.title")}</h1>
      <p className="lead">{t("destinationsPage.subtitle")}</p>
      <nav aria-label={t("destinationsPage.byCategory")} className="chips">
        {loaderData.categories.map((c) => (
          <LocalLink key={c.id} to={sitePath.category(c.id)} className="chip">
            {c.name}
          </LocalLink>
        ))}
      </nav>
      <CardGrid
        cards={loaderData.cities.map((c) => ({
          key: c.id,
          title: c.name,
          to: sitePath.cityPlaces(c.categoryId, c.id),
          image: c.image,
          text: c.description,
          headingLevel: 2,
        }))}
      />
    </div>
  );
}
