import type { Route } from "./+types/culture";
import { languageOf, domainOf } from "../lib/loader-params.server";
import { LIST_PAGE_SIZE, pageOfList, pageParam } from "../lib/paging.server";
import { placeCards } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { PlaceGrid } from "../components/PlaceCard";
import { DataState } from "../components/DataState";
import { Pager } from "../components/Pager";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const asked = pageParam(request);
  const culture = (await domain.content.categories(language, 4))[0];
  const filter = { categoryId: culture?.id ?? -1 };
  // The count says whether the page exists (else 404) before its cards are read, which may stream.
  const at = pageOfList(asked, culture ? await domain.content.countPlaces(filter) : 0);
  return {
    at,
    places: culture
      ? domain.content
          .places(language, filter, { page: at.page, perPage: LIST_PAGE_SIZE })
          .then((r) => placeCards(domain, language, r.items))
      : Promise.resolve([]),
  };
}

export default function Culture({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { at } = loaderData;
  return (
    <div className="page">
      <Seo title={t("meta.culture.title")} description={t("meta.culture.description")} path="/culture" page={at.page} />
      <h1>{t("culture.title")}</h1>
      <p className="lead">{t("culture.subtitle")}</p>
      <DataState data={loaderData.places} group="culture">
        {(places) => <PlaceGrid places={places} headingLevel={2} />}
      </DataState>
      <Pager path="/culture" {...at} />
    </div>
  );
}
