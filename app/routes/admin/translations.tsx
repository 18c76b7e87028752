// /admin/translations: the translation work, 50 items a page: each item with a row per language and the
// fields that language still lacks or has from an older English (a row shows under every state it has). It
// opens on the work to do; it finds items by name, and names them in the reader's workspace language when they
// have it. Translators see their own languages only.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/translations";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf } from "../../lib/content.server";
import { CONTENT_TYPES } from "../../lib/content-fields";
import { languageName } from "../../lib/workspace-format";
import { WorkspacePages, WorkspaceTable } from "../../components/workspace/Table";
import { fieldName } from "../../components/workspace/ContentForm";
import { TRANSLATION_FILTERS, type TranslationFilter } from "../../../shared/content-list";
import { signedIn } from "../../lib/workspace.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { editor, editing } = editorOf(context);
  const search = new URL(request.url).searchParams;
  const state = TRANSLATION_FILTERS.find((s) => s === search.get("state")) ?? "todo";
  const filter = {
    type: search.get("type") || "",
    language: search.get("language") || "",
    state,
    q: (search.get("q") ?? "").trim().slice(0, 100),
  };
  const wanted = Math.min(Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1), 100_000);
  const ask = (page: number) =>
    editing.translations(editor, {
      type: filter.type || undefined,
      language: filter.language || undefined,
      state: filter.state as TranslationFilter,
      words: filter.q || undefined,
      page,
      viewer: signedIn(context).account.uiLanguage,
    });
  let table = await ask(wanted);
  if (wanted > table.pages) table = await ask(table.pages);
  return { filter, page: Math.min(wanted, table.pages), ...table };
}

/** One of the filters: its options (value, label), the first of which may be "all" (""). */
function Filter({ name, value, options }: { name: "type" | "language" | "state"; value: string; options: Array<[string, string]> }) {
  const { t } = useI18n();
  return (
    <div className="ws-field">
      <label htmlFor={name}>{t(`translations.${name}`)}</label>
      <select id={name} name={name} defaultValue={value}>
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
  const { filter, languages, rows, total, page, pages } = useLoaderData<typeof loader>();
  const all: [string, string] = ["", t("translations.all")];
  const fields = (paths: string[]) => paths.map((p) => fieldName(t, p)).join(", ");
  const href = (n: number) =>
    `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== "")), ...(n > 1 ? { page: String(n) } : {}) })}`;
  return (
    <>
      <h1>{t("translations.title")}</h1>
      <Form method="get" className="ws-filters ws-card">
        <div className="ws-field">
          <label htmlFor="q">{t("content.find")}</label>
          <input id="q" name="q" type="search" defaultValue={filter.q} />
        </div>
        <Filter
          name="type"
          value={filter.type}
          options={[all, ...CONTENT_TYPES.map((x): [string, string] => [x, t(`content.typeNames.${x}`)])]}
        />
        <Filter name="language" value={filter.language} options={[all, ...languages.map((l): [string, string] => [l, languageName(l)])]} />
        <Filter name="state" value={filter.state} options={TRANSLATION_FILTERS.map((s) => [s, t(`translations.states.${s}`)])} />
        <button type="submit" className="ws-button">
          {t("translations.filter")}
        </button>
      </Form>
      <div role="status">{t("translations.count", { n: total })}</div>
      <WorkspaceTable
        caption={t("translations.title")}
        columns={[t("content.item"), t("translations.language"), t("translations.missing"), t("translations.outdated")]}
      >
        {rows.map((r) => (
          <tr key={`${r.type} ${r.slug} ${r.language}`}>
            <td>
              <Link to={`/admin/content/${r.type}/${r.slug}`} dir="auto">
                {r.title}
              </Link>
              <span className="ws-action">{t(`content.typeNames.${r.type}`)}</span>
            </td>
            <td lang={r.language}>{languageName(r.language)}</td>
            <td>{fields(r.missing)}</td>
            <td>{fields(r.outdated)}</td>
          </tr>
        ))}
      </WorkspaceTable>
      <WorkspacePages page={page} pages={pages} href={href} />
    </>
  );
}
