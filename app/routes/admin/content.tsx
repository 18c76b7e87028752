// /admin/content: the items of one kind of content, 50 a page, found by name, filtered by city, category and
// publication state and sorted (all of it a GET form, without JavaScript too), with whether the site shows
// them, and links to edit each, to preview it, to the trash and (for editors) to make a new one.
import { Link, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/content";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, isFixedType } from "../../lib/content.server";
import { CONTENT_TYPES, LIBRARY_TYPES } from "../../lib/content-fields";
import { formatTime } from "../../lib/workspace-format";
import { WorkspacePages, WorkspaceTable } from "../../components/workspace/Table";
import type { DocumentType } from "../../../domain/content/documents";
import { Notice } from "../../components/workspace/Form";
import { LIST_SORTS, PUBLICATION_STATES } from "../../../shared/content-list";
import { categoryKindOf } from "../../../domain/content/category-kind";

/** The kinds listed by city (and, for places, by category). */
const BY_CITY = ["site", "culture", "service", "experience"];
const BY_CATEGORY = ["site", "culture", "service"];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { editor, editing, may } = editorOf(context);
  const query = new URL(request.url).searchParams;
  const asked = query.get("type") ?? "site";
  const type = (CONTENT_TYPES.includes(asked) ? asked : "site") as DocumentType;
  const text = (name: string) => (query.get(name) ?? "").trim().slice(0, 100);
  const oneOf = <T extends string>(name: string, values: readonly T[]) => values.find((v) => v === query.get(name));
  const filter = {
    words: text("q"),
    city: BY_CITY.includes(type) ? text("city") || undefined : undefined,
    category: BY_CATEGORY.includes(type) ? text("category") || undefined : undefined,
    state: oneOf("state", PUBLICATION_STATES),
    sort: oneOf("sort", LIST_SORTS),
  };
  // A page past the last shows the last; anything that is not a page number, the first.
  const wanted = Math.min(Math.max(1, Number.parseInt(query.get("page") ?? "1", 10) || 1), 100_000);
  let list = await editing.listPage(editor, type, { ...filter, page: wanted });
  if (wanted > list.pages) list = await editing.listPage(editor, type, { ...filter, page: list.pages });
  const page = Math.min(wanted, list.pages);
  // The cities and categories to choose from: a few dozen, never the places.
  const refs = BY_CITY.includes(type) ? await editing.references(editor, { places: false }) : null;
  const kind = BY_CATEGORY.includes(type) ? categoryKindOf(type) : null;
  return {
    type,
    filter: {
      q: filter.words,
      city: filter.city ?? "",
      category: filter.category ?? "",
      state: filter.state ?? "",
      sort: filter.sort ?? "",
    },
    cities: refs?.cities ?? [],
    categories: kind === null ? [] : (refs?.categories ?? []).filter((c) => c.kind === kind),
    page,
    ...list,
    may: { edit: may.edit },
    fixed: isFixedType(type),
  };
}

export default function Content() {
  const { t, language } = useI18n();
  const { type, filter, cities, categories, page, pages, total, items, may, fixed } = useLoaderData<typeof loader>();
  // An item deleted from its page comes back here, saying where it went.
  const [search] = useSearchParams();
  const pageLink = (n: number) =>
    `?${new URLSearchParams({
      type,
      ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== "")),
      ...(n > 1 ? { page: String(n) } : {}),
    })}`;
  const choice = (name: string, label: string, options: Array<{ value: string; label: string }>, value: string, any = true) => (
    <div className="ws-field">
      <label htmlFor={`content-${name}`}>{label}</label>
      <select id={`content-${name}`} name={name} defaultValue={value}>
        {any && <option value="">{t("content.any")}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <h1>{t("content.title")}</h1>
      {search.get("done") === "trashed" && <Notice kind="success">{t("content.done.trashed")}</Notice>}
      <nav aria-label={t("content.types")}>
        <ul className="ws-tabs">
          {CONTENT_TYPES.map((x) => (
            <li key={x}>
              <Link to={`/admin/content?type=${x}`} aria-current={x === type ? "page" : undefined}>
                {t(`content.typeNames.${x}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="ws-inline">
        {may.edit && !fixed && (
          <Link className="ws-button" to={LIBRARY_TYPES.includes(type) ? "/admin/media" : `/admin/content/${type}/new`}>
            {t("content.new", { type: t(`content.typeNames.${type}`) })}
          </Link>
        )}
        <Link to="/admin/trash">{t("content.trash")}</Link>
      </p>
      <form method="get" className="ws-form ws-filters">
        <input type="hidden" name="type" value={type} />
        <div className="ws-field">
          <label htmlFor="content-q">{t("content.find")}</label>
          <input id="content-q" name="q" type="search" defaultValue={filter.q} />
        </div>
        {cities.length > 0 &&
          choice(
            "city",
            t("content.fields.city"),
            cities.map((c) => ({ value: c.slug, label: c.title })),
            filter.city,
          )}
        {categories.length > 0 &&
          choice(
            "category",
            t("content.fields.category"),
            categories.map((c) => ({ value: c.slug, label: c.title })),
            filter.category,
          )}
        {choice(
          "state",
          t("content.filterState"),
          PUBLICATION_STATES.map((s) => ({ value: s, label: t(`content.statuses.${s}`) })),
          filter.state,
        )}
        {choice(
          "sort",
          t("content.sort"),
          LIST_SORTS.map((s) => ({ value: s === "position" ? "" : s, label: t(`content.sorts.${s}`) })),
          filter.sort,
          false,
        )}
        <button type="submit" className="ws-button ws-secondary">
          {t("content.findButton")}
        </button>
      </form>
      <div role="status">{total ? t("content.found", { count: total }) : t("content.foundNone")}</div>
      <WorkspaceTable caption={t(`content.typeNames.${type}`)} columns={[t("content.item"), t("content.status"), t("content.updated")]}>
        {items.map((item) => (
          <tr key={item.slug}>
            <td>
              <Link to={`/admin/content/${item.type}/${item.slug}`} lang="en" dir="auto">
                {item.title}
              </Link>
            </td>
            <td>
              {t(`content.statuses.${item.status}`)}
              {item.publishAt && (
                <span className="ws-action">{t("content.scheduledFor", { at: formatTime(item.publishAt, language) })}</span>
              )}
            </td>
            <td>
              {formatTime(item.updatedAt, language)}
              {item.updatedBy && <span className="ws-action">{item.updatedBy}</span>}
            </td>
          </tr>
        ))}
      </WorkspaceTable>
      <WorkspacePages page={page} pages={pages} href={pageLink} />
    </>
  );
}
