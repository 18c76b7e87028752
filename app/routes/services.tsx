// /services: the directory of tourist service types.
import type { Route } from "./+types/services";
import { languageOf, domainOf } from "../lib/loader-params.server";
import { coverImages } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { CardGrid } from "../components/Card";
import { sitePath } from "../lib/paths";

export const handle = { variant: "services" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const types = await domain.content.serviceTypes(language);
  const images = await coverImages(
    domain,
    "service_type",
    types.map((s) => s.id),
    language,
  );
  return { types: types.map((s) => ({ id: s.id, name: s.name, description: s.description, image: images.get(s.id) ?? null })) };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page">
      <Seo title={t("meta.services.title")} description={t("meta.services.description")} path="/services" />
      <h1>{t("services.directoryTitle")}</h1>
      <p className="lead">{t("services.directorySubtitle")}</p>
      <CardGrid
        cards={loaderData.types.map((s) => ({
          key: s.id,
          title: s.name,
          to: sitePath.service(s.id),
          image: s.image,
          text: s.description,
          headingLevel: 2,
        }))}
      />
      <p className="note">{t("services.sampleNote")}</p>
    </div>
  );
}
