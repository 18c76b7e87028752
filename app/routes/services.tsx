// /services: the directory of tourist service types.
import type { Route } from "./+types/services";
import { languageOf, servicesOf } from "../lib/context.server";
import { coverImages } from "../lib/view.server";
import { useI18n } from "../i18n/context";
import { Seo } from "../components/Seo";
import { Picture } from "../components/Picture";
import { LocalLink } from "../components/LocalLink";
import { sitePath } from "../lib/paths";

export const handle = { variant: "services" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const services = servicesOf(context);
  const types = await services.content.serviceTypes(language);
  const images = await coverImages(services, "service_type", types.map((s) => s.id), language);
  return { types: types.map((s) => ({ id: s.id, name: s.name, description: s.description, image: images.get(s.id) ?? null })) };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page">
      <Seo title={t("meta.services.title")} description={t("meta.services.description")} path="/services" />
      <h1>{t("services.directoryTitle")}</h1>
      <p className="lead">{t("services.directorySubtitle")}</p>
      <ul className="card-grid">
        {loaderData.types.map((s) => (
          <li key={s.id}>
            <article className="card">
              {s.image && <Picture image={s.image} alt="" />}
              <div className="card-body">
                <h2 className="card-title"><LocalLink className="card-link" to={sitePath.service(s.id)}>{s.name}</LocalLink></h2>
                <p>{s.description}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="note">{t("services.sampleNote")}</p>
    </div>
  );
}
