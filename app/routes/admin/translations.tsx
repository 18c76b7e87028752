// /admin/translations: every item × language with its translation status (missing, outdated, done), to work
// through with filters. Translators see their own languages only.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/translations";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf } from "../../lib/content.server";
import { CONTENT_TYPES } from "../../lib/content-fields";
import { languageName } from "../../lib/workspace-format";

const STATES = ["missing", "outdated", "done"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { editor, editing } = editorOf(context);
  const search = new URL(request.url).searchParams;
  const filter = {
    type: search.get("type") || undefined,
    language: search.get("language") || undefined,
    state: search.get("state") || undefined,
  };
  const { languages, rows } = await editing.translations(editor, filter);
  return { filter, languages, rows };
}

export default function Translations() {
  const { t } = useI18n();
  const { filter, languages, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("translations.title")}</h1>
      <Form method="get" className="ws-inline ws-card">
        <div className="ws-field">
          <label htmlFor="type">{t("translations.type")}</label>
          <select id="type" name="type" defaultValue={filter.type ?? ""}>
            <option value="">{t("translations.all")}</option>
            {CONTENT_TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`content.typeNames.${x}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="ws-field">
          <label htmlFor="language">{t("translations.language")}</label>
          <select id="language" name="language" defaultValue={filter.language ?? ""}>
            <option value="">{t("translations.all")}</option>
            {languages.map((l) => (
              <option key={l} value={l}>
                {languageName(l)}
              </option>
            ))}
          </select>
        </div>
        <div className="ws-field">
          <label htmlFor="state">{t("translations.state")}</label>
          <select id="state" name="state" defaultValue={filter.state ?? ""}>
            <option value="">{t("translations.all")}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`content.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="ws-button">
          {t("translations.filter")}
        </button>
      </Form>
      <div className="ws-scroll">
        <table className="ws-table">
          <caption>{t("translations.count", { n: rows.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("content.item")}</th>
              <th scope="col">{t("translations.language")}</th>
              <th scope="col">{t("translations.state")}</th>
              <th scope="col">{t("translations.fields")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.type} ${r.slug} ${r.language}`}>
                <td>
                  <Link to={`/admin/content/${r.type}/${r.slug}`} lang="en" dir="auto">
                    {r.title}
                  </Link>
                  <span className="ws-action">{t(`content.typeNames.${r.type}`)}</span>
                </td>
                <td lang={r.language}>{languageName(r.language)}</td>
                <td>
                  <span className={`ws-state ws-${r.state}`}>{t(`content.states.${r.state}`)}</span>
                </td>
                <td dir="ltr">{[...r.missing, ...r.outdated].join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
