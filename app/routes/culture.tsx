import type { Route } from "./+types/culture";
import { languageOf, servicesOf } from "../lib/context.server";
import { placeCards } from "../lib/view.server";
import { useI18n } from "../i18n/context";
import { Seo } from "../components/Seo";
import { PlaceCard } from "../components/PlaceCard";
import { DataState } from "../components/DataState";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const services = servicesOf(context);
  const culture = (await services.content.categories(language, 4))[0];
  return {
    places: culture ? services.content.places(language, { categoryId: culture.id }).then((r) => placeCards(services, language, r.items)) : Promise.resolve([]),
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
        {(places) => <ul className="card-grid">{places.map((p) => <li key={p.id}><PlaceCard place={p} headingLevel={2} /></li>)}</ul>}
      </DataState>
    </div>
  );
}
