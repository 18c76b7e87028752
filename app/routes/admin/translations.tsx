// /admin/translations: every item × language with its translation status (missing, outdated, done), to work
// through with filters. Translators see their own languages only.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/translations";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf } from "../../lib/content.server";
import { CONTENT_TYPES } from "../../lib/content-fields";
import { languageName } from "../../lib/workspace-format";
import { WorkspaceTable } from "../../components/workspace/Table";

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

/** One of the filters: all, or one of its options (value, label). */
function Filter({ name, value, options }: { name: "type" | "language" | "state"; value?: string; options: Array<[string, string]> }) {
  const { t } = useI18n();
  return (
    <div className="ws-field">
      <label htmlFor={name}>{t(`translations.${name}`)}</label>
      <select id={name} name={name} defaultValue={value ?? ""}>
        <option value="">{t("translations.all")}</option>
        {options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function Translations() {
  const { t } = useI18n();
  const { filter, languages, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("translations.title")}</h1>
      <Form method="get" className="ws-inline ws-card">
        <Filter name="type" value={filter.type} options={CONTENT_TYPES.map((x) => [x, t(`content.typeNames.${x}`)])} />
        <Filter name="language" value={filter.language} options={languages.map((l) => [l, languageName(l)])} />
        <Filter name="state" value={filter.state} options={STATES.map((s) => [s, t(`content.states.${s}`)])} />
        <button type="submit" className="ws-button">
          {t("translations.filter")}
        </button>
      </Form>
      <WorkspaceTable
        caption={t("translations.count", { n: rows.length })}
        columns={[t("content.item"), t("translations.language"), t("translations.state"), t("translations.fields")]}
      >
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
      </WorkspaceTable>
    </>
  );
}
