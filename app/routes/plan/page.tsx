// /plan/{slug}: one page of the trip-planning guide, with its last review date and its official sources.
import type { Route } from "./+types/page";
import { languageOf, domainOf, notFound } from "../../lib/loader-params.server";
import { guidePageView } from "../../lib/guide.server";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { LocalLink } from "../../components/LocalLink";
import { GuideText } from "../../components/GuideText";

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await guidePageView(domainOf(context), languageOf(params), params.slug);
  if (!view) throw notFound();
  return view;
}

export default function PlanPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { page, previous, next } = loaderData;
  return (
    <article className="page plan-page">
      <Seo title={t("plan.pageTitle", { page: page.title })} description={page.summary} path={`/plan/${page.slug}`} />
      <p className="breadcrumbs">
        <LocalLink to="/plan">{t("plan.title")}</LocalLink>
      </p>
      <h1>{page.title}</h1>
      <p className="lead">{page.summary}</p>
      <p className="note">{t("plan.reviewed", { date: page.reviewed })}</p>
      {page.overdue && <p className="status-overdue">{t("facts.overdue")}</p>}
      {page.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          <GuideText text={s.body} />
        </section>
      ))}
      {page.sources.length > 0 && (
        <section aria-labelledby="sources-title">
          <h2 id="sources-title">{t("plan.sources")}</h2>
          <p className="note">{t("plan.changes")}</p>
          <ul>
            {page.sources.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener noreferrer" target="_blank">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className="guide-pager" aria-label={t("plan.pager")}>
        {previous && (
          <LocalLink to={`/plan/${previous.slug}`} rel="prev">
            {t("plan.previous", { page: previous.title })}
          </LocalLink>
        )}
        {next && (
          <LocalLink to={`/plan/${next.slug}`} rel="next">
            {t("plan.next", { page: next.title })}
          </LocalLink>
        )}
      </nav>
    </article>
  );
}
