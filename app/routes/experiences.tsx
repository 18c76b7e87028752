import type { Route } from "./+types/experiences";
import { languageOf, domainOf } from "../lib/loader-params.server";
import { coverImages } from "../lib/view.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { CardGrid } from "../components/Card";
import { LocalLink } from "../components/LocalLink";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const [experiences, cities, serviceTypes] = await Promise.all([
    domain.content.experiences(language),
    domain.content.cities(language),
    domain.content.serviceTypes(language),
  ]);
  const images = await coverImages(
    domain,
    "experience",
    experiences.map((x) => x.id),
    language,
  );
  const cityName = new Map(cities.map((c) => [c.id, c.name]));
  return {
    experiences: experiences.map((x) => ({
      id: x.id,
      title: x.title,
      description: x.description,
      city: x.city_id ? (cityName.get(x.city_id) ?? null) : null,
      image: images.get(x.id) ?? null,
    })),
    serviceTypes: serviceTypes.map((s) => ({ id: s.id, name: s.name })),
  };
}

export default function Experiences({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page">
      <Seo title={t("meta.experiences.title")} description={t("meta.experiences.description")} path="/experiences" />
      <h1>{t("services.experiencesTitle")}</h1>
      <p className="lead">{t("services.experiencesSubtitle")}</p>
      <CardGrid
        cards={loaderData.experiences.map((x) => ({
          key: x.id,
          title: x.title,
          image: x.image,
          meta: x.city,
          text: x.description,
          headingLevel: 2,
        }))}
      />
      <section className="section" aria-labelledby="services-title">
        <h2 id="services-title">{t("services.directoryTitle")}</h2>
        <ul className="chips">
          {loaderData.serviceTypes.map((s) => (
            <li key={s.id}>
              <LocalLink className="chip" to={`/services/${s.id}`}>
                {s.name}
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
