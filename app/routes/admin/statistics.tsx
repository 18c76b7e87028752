// /admin/statistics: what the site counts without tracking anyone (decision 033), for editors and admins: page
// views per day (a chart that needs no colour to read, and the same numbers in a table), the pages and languages
// read most, the API's endpoints, the sites that send visitors, and the searches that found nothing (only those
// made at least five times a day), each with a way to make it find something. A CSV export of every count.
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/statistics";
import { appContext } from "../../request-context";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, refusal } from "../../lib/content.server";
import { WorkspaceTable } from "../../components/workspace/Table";
import { languageName } from "../../lib/workspace-format";
import { isLanguageCode } from "../../../shared/languages";

export async function loader({ context }: Route.LoaderArgs) {
  const { editor } = editorOf(context);
  try {
    return await context.get(appContext).domain.statistics.view(editor);
  } catch (error) {
    throw refusal(error);
  }
}

/** Views per day as bars, each labelled with its number: read without colour, and said again in the table. */
function ViewsChart({ perDay }: { perDay: Array<{ day: string; count: number }> }) {
  const { t } = useI18n();
  const most = Math.max(1, ...perDay.map((d) => d.count));
  const width = perDay.length * 24;
  return (
    <svg viewBox={`0 0 ${width} 140`} className="ws-chart" role="img" aria-labelledby="views-chart-title">
      <title id="views-chart-title">{t("statistics.chart")}</title>
      {perDay.map((d, i) => {
        const height = Math.round((d.count / most) * 100);
        return (
          <g key={d.day}>
            <rect x={i * 24 + 4} y={115 - height} width={16} height={height} />
            <text x={i * 24 + 12} y={110 - height} textAnchor="middle">
              {d.count}
            </text>
            <text x={i * 24 + 12} y={132} textAnchor="middle">
              {d.day.slice(8)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Counts({
  caption,
  name,
  rows,
  show = (x) => x,
}: {
  caption: string;
  name: string;
  rows: Array<{ name: string; count: number }>;
  show?: (name: string) => string;
}) {
  const { t } = useI18n();
  if (rows.length === 0) return null;
  return (
    <WorkspaceTable caption={caption} columns={[name, t("statistics.count")]}>
      {rows.map((r) => (
        <tr key={r.name}>
          <td dir="auto">{show(r.name)}</td>
          <td>{r.count}</td>
        </tr>
      ))}
    </WorkspaceTable>
  );
}

export default function Statistics() {
  const { t } = useI18n();
  const v = useLoaderData<typeof loader>();
  const total = v.perDay.reduce((n, d) => n + d.count, 0);
  return (
    <>
      <h1>{t("statistics.title")}</h1>
      <p>{t("statistics.intro")}</p>
      <p>
        <a href="/admin/statistics/export" download>
          {t("statistics.export")}
        </a>
      </p>
      <section className="ws-card" aria-labelledby="views">
        <h2 id="views">{t("statistics.views", { count: total, from: v.from })}</h2>
        {/* Days run left to right in every language, as the table's dates do. */}
        <div dir="ltr">
          <ViewsChart perDay={v.perDay} />
        </div>
        <WorkspaceTable caption={t("statistics.perDay")} columns={[t("statistics.day"), t("statistics.count")]}>
          {v.perDay.map((d) => (
            <tr key={d.day}>
              <td dir="ltr">{d.day}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </WorkspaceTable>
      </section>
      <Counts caption={t("statistics.pages")} name={t("statistics.page")} rows={v.pages} />
      <Counts
        caption={t("statistics.languages")}
        name={t("statistics.language")}
        rows={v.languages}
        show={(code) => (isLanguageCode(code) ? languageName(code) : code)}
      />
      <Counts
        caption={t("statistics.sources")}
        name={t("statistics.source")}
        rows={v.sources}
        show={(s) => t(`statistics.sourceNames.${s}`)}
      />
      <Counts caption={t("statistics.referrers")} name={t("statistics.referrer")} rows={v.referrers} />
      <Counts caption={t("statistics.api")} name={t("statistics.endpoint")} rows={v.api} />
      {/* Not a region of its own: its table is one, named as this heading is. */}
      <div className="ws-card">
        <h2 id="unanswered">{t("statistics.unanswered")}</h2>
        <p>{t("statistics.unansweredNote", { count: v.unansweredAtLeast })}</p>
        {v.searches.length === 0 ? (
          <p>{t("statistics.noUnanswered")}</p>
        ) : (
          <WorkspaceTable
            caption={t("statistics.unanswered")}
            columns={[t("statistics.search"), t("statistics.count"), t("statistics.do")]}
          >
            {v.searches.map((s) => (
              <tr key={s.text}>
                <td dir="auto">{s.text}</td>
                <td>{s.count}</td>
                <td>
                  <Link to={`/admin/content?type=site&q=${encodeURIComponent(s.text)}`}>{t("statistics.findPlace")}</Link>
                  {" · "}
                  <Link to="/admin/content/site/new">{t("statistics.newContent")}</Link>
                </td>
              </tr>
            ))}
          </WorkspaceTable>
        )}
      </div>
    </>
  );
}
