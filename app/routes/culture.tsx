import type { Route } from "./+types/culture";
import { languageOf, domainOf } from "../lib/loader-params.server";
import { placeCards } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { PlaceGrid } from "../components/PlaceCard";
import { DataState } from "../components/DataState";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const culture = (await domain.content.categories(language, 4))[0];
  return {
    places: culture
      ? domain.content.places(language, { categoryId: culture.id }).then((r) => placeCards(domain, language, r.items))
      : Promise.resolve([]),
  };
}

export default function Culture({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page">
      <Seo title={t("meta.culture.title")} description={t("meta.culture.description")} path="/culture" />
      <h1>{t("culture.title")}</h1>
      <p className="lead">{t("culture.subtitle")}</p>
      <DataState data={loaderData.places} group="culture">
        {(places) => <PlaceGrid places={places} headingLevel={2} />}
      </DataState>
    </div>
  );
}
