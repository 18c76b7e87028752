// /plan: the trip-planning guide's pages, each with what it covers and when it was last reviewed.
import type { Route } from "./+types/index";
import { languageOf, domainOf } from "../../lib/loader-params.server";
import { fullDate } from "../../lib/dates.server";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = languageOf(params);
  const pages = await domainOf(context).content.guide(language);
  return { pages: pages.map((p) => ({ slug: p.slug, title: p.title, summary: p.summary, reviewed: fullDate(p.reviewed, language) })) };
}

export default function Plan({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page plan">
      <Seo title={t("plan.title")} description={t("plan.description")} path="/plan" />
      <h1>{t("plan.title")}</h1>
      <p className="lead">{t("plan.description")}</p>
      <ol className="guide-list">
        {loaderData.pages.map((p) => (
          <li key={p.slug}>
            <h2>
              <LocalLink to={`/plan/${p.slug}`}>{p.title}</LocalLink>
            </h2>
            <p>{p.summary}</p>
            <p className="note">{t("plan.reviewed", { date: p.reviewed })}</p>
          </li>
        ))}
      </ol>
      <p>
        <LocalLink to="/saved">{t("plan.toSaved")}</LocalLink> · <LocalLink to="/map">{t("plan.toMap")}</LocalLink>
      </p>
    </div>
  );
}
