// /admin/content: the items of one kind of content, 50 a page, found by name in any language (misspelt too),
// filtered by city, governorate, category, publication state, what is not ready to publish and a language's
// translation, and sorted (all of it a GET form, without JavaScript too), with whether the site shows them,
// and links to edit each, to the trash and (for editors) to make a new one. Editors who publish select items
// of the page and publish, take off or schedule them at once (a POST here): each is checked and audited on its
// own.
import { data, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/content";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, type EditingAnswer, isFixedType, refusal } from "../../lib/content.server";
import { CONTENT_TYPES, LIBRARY_TYPES } from "../../lib/content-fields";
import { formatTime, languageName } from "../../lib/workspace-format";
import { damascusTime } from "../../../shared/damascus-time";
import { formText, postedForm } from "../../lib/form";
import { WorkspacePages, WorkspaceTable } from "../../components/workspace/Table";
import type { DocumentType } from "../../../domain/content/documents";
import { Notice } from "../../components/workspace/Form";
import { Outcome } from "../../components/workspace/ContentForm";
import { BULK_INTENTS, LANGUAGE_WORK, LIST_SORTS, OVERDUE_FACTS, PUBLICATION_STATES } from "../../../shared/content-list";
import { GOVERNORATES } from "../../../shared/place-facts";
import { LANGUAGE_CODES } from "../../../shared/languages";
import { categoryKindOf } from "../../../domain/content/category-kind";
import { type BulkAnswer, BulkOutcome } from "../../components/workspace/BulkOutcome";

/** The kinds listed by city (and, for places, by category and governorate). */
const BY_CITY = ["site", "culture", "service", "experience", "event"];
const BY_CATEGORY = ["site", "culture", "service"];
/** The list's `overdue` parameter for each fact ("yes", the status, as the dashboard's links have it). */
const OVERDUE_PARAM = { status: "yes", practical: "practical", safety: "safety" } as const;

/** The fact a list is filtered by as past its review date: a place's three, or a guide page's review. */
function overdueOf(type: string, param: string | null): (typeof OVERDUE_FACTS)[number] | undefined {
  const fact = OVERDUE_FACTS.find((f) => OVERDUE_PARAM[f] === param);
  if (BY_CATEGORY.includes(type)) return fact;
  return type === "guide" && fact === "status" ? fact : undefined;
}
/** The languages an item is translated into, each filtered by its translation's state ("ar:missing"). */
const TRANSLATED = LANGUAGE_CODES.filter((l) => l !== "en");
const TRANSLATION_CHOICES = TRANSLATED.flatMap((language) => LANGUAGE_WORK.map((state) => `${language}:${state}`));

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
    governorate: BY_CATEGORY.includes(type) ? oneOf("governorate", GOVERNORATES) : undefined,
    problems: query.get("problems") === "yes" || undefined,
    overdue: overdueOf(type, query.get("overdue")),
    state: oneOf("state", PUBLICATION_STATES),
    translation: translationOf(oneOf("translation", TRANSLATION_CHOICES)),
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
      governorate: filter.governorate ?? "",
      problems: filter.problems ? "yes" : "",
      overdue: filter.overdue ? OVERDUE_PARAM[filter.overdue] : "",
      state: filter.state ?? "",
      translation: filter.translation ? `${filter.translation.language}:${filter.translation.state}` : "",
      sort: filter.sort ?? "",
    },
    cities: refs?.cities ?? [],
    categories: kind === null ? [] : (refs?.categories ?? []).filter((c) => c.kind === kind),
    page,
    ...list,
    may: { edit: may.edit, publish: may.publish },
    fixed: isFixedType(type),
  };
}

function translationOf(choice: string | undefined) {
  if (!choice) return undefined;
  const [language, state] = choice.split(":") as [string, (typeof LANGUAGE_WORK)[number]];
  return { language, state };
}

/** A bulk action on the items selected ("slug@revision", at most a page): what was done and what was refused. */
export async function action({ context, request }: Route.ActionArgs) {
  const { editor, editing } = editorOf(context);
  const form = await postedForm(request);
  const type = formText(form, "type");
  const intent = BULK_INTENTS.find((i) => i === formText(form, "intent"));
  const items = form.getAll("item").map((value) => {
    const at = String(value).lastIndexOf("@");
    return { slug: String(value).slice(0, at), revision: Number(String(value).slice(at + 1)) };
  });
  if (!intent || items.some((i) => !i.slug || !Number.isInteger(i.revision)))
    return data<EditingAnswer>({ code: "invalid", problems: [] }, { status: 400 });
  const at = intent === "schedule" ? damascusTime(formText(form, "publishAt")) : null;
  try {
    const outcome = await editing.applyToEach(editor, type, intent, items, at);
    return data<BulkAnswer>({ intent, type, ...outcome }, { status: outcome.done.length ? 200 : 422 });
  } catch (error) {
    return refusal(error);
  }
}

export default function Content() {
  const { t } = useI18n();
  const { type, filter, cities, categories, page, pages, total, items, may, fixed } = useLoaderData<typeof loader>();
  const answer = useActionData<BulkAnswer | EditingAnswer>();
  // An item deleted from its page comes back here, saying where it went.
  const [search] = useSearchParams();
  const pageLink = (n: number) =>
    `?${new URLSearchParams({
      type,
      ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== "")),
      ...(n > 1 ? { page: String(n) } : {}),
    })}`;
  // Publishing several at once: items of the kinds that can be taken off, by editors who publish.
  const bulk = may.publish && !fixed && items.length > 0;
  return (
    <>
      <h1>{t("content.title")}</h1>
      {search.get("done") === "trashed" && <Notice kind="success">{t("content.done.trashed")}</Notice>}
      {answer && ("intent" in answer ? <BulkOutcome answer={answer} /> : <Outcome answer={answer} />)}
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
      <ContentFilters type={type} filter={filter} cities={cities} categories={categories} />
      <div role="status">{total ? t("content.found", { count: total }) : t("content.foundNone")}</div>
      {bulk && <BulkForm type={type} />}
      <WorkspaceTable
        caption={t(`content.typeNames.${type}`)}
        columns={[...(bulk ? [t("content.bulk.select")] : []), t("content.item"), t("content.status"), t("content.updated")]}
      >
        {items.map((item) => (
          <ItemRow key={item.slug} item={item} bulk={bulk} />
        ))}
      </WorkspaceTable>
      <WorkspacePages page={page} pages={pages} href={pageLink} />
    </>
  );
}

type Loaded = Awaited<ReturnType<typeof loader>>;

/** The list's filters: the words of a name, the place columns, the state, the facts overdue, a language's work, the order. */
function ContentFilters({ type, filter, cities, categories }: Pick<Loaded, "type" | "filter" | "cities" | "categories">) {
  const { t } = useI18n();
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
    <form method="get" id="content-filters" className="ws-form ws-filters">
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
          "governorate",
          t("content.fields.governorate"),
          GOVERNORATES.map((g) => ({ value: g, label: t(`content.governorates.${g}`) })),
          filter.governorate,
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
      {choice("problems", t("content.filterProblems"), [{ value: "yes", label: t("content.notReady") }], filter.problems)}
      {(categories.length > 0 || type === "guide") &&
        choice(
          "overdue",
          t("content.filterFacts"),
          type === "guide"
            ? [{ value: "yes", label: t("content.guideOverdue") }]
            : [
                { value: "yes", label: t("content.factsOverdue") },
                { value: "practical", label: t("content.practicalOverdue") },
                { value: "safety", label: t("content.safetyOverdue") },
              ],
          filter.overdue,
        )}
      {choice(
        "translation",
        t("content.filterTranslation"),
        TRANSLATION_CHOICES.map((c) => {
          const [code, state] = c.split(":") as [string, string];
          return { value: c, label: t(`content.languageWork.${state}`, { language: languageName(code) }) };
        }),
        filter.translation,
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
  );
}

/** One item's row: its box for the bulk form, its title, its state (problems, schedule, review) and its last change. */
function ItemRow({ item, bulk }: { item: Loaded["items"][number]; bulk: boolean }) {
  const { t, language } = useI18n();
  return (
    <tr>
      {bulk && (
        <td>
          <input
            type="checkbox"
            form="content-bulk"
            name="item"
            value={`${item.slug}@${item.revision}`}
            aria-label={t("content.bulk.selectItem", { title: item.title })}
            className="ws-select"
          />
        </td>
      )}
      <td>
        <Link to={`/admin/content/${item.type}/${item.slug}`} lang="en" dir="auto">
          {item.title}
        </Link>
      </td>
      <td>
        {t(`content.statuses.${item.status}`)}
        {Boolean(item.problems) && <span className="ws-action">{t("content.notReady")}</span>}
        {item.publishAt && <span className="ws-action">{t("content.scheduledFor", { at: formatTime(item.publishAt, language) })}</span>}
        {item.review && (
          <span className="ws-action">
            {t(item.review.for ? "review.listFor" : "review.listAny", { by: item.review.by, for: item.review.for ?? "" })}
          </span>
        )}
      </td>
      <td>
        {formatTime(item.updatedAt, language)}
        {item.updatedBy && <span className="ws-action">{item.updatedBy}</span>}
      </td>
    </tr>
  );
}

/** The action for the items ticked in the table (their boxes belong to this form by its id). */
function BulkForm({ type }: { type: string }) {
  const { t } = useI18n();
  return (
    <form method="post" id="content-bulk" className="ws-form ws-filters" aria-label={t("content.bulk.title")}>
      <input type="hidden" name="type" value={type} />
      <div className="ws-field">
        <label htmlFor="bulk-intent">{t("content.bulk.intent")}</label>
        <select id="bulk-intent" name="intent" defaultValue="publish">
          {BULK_INTENTS.map((intent) => (
            <option key={intent} value={intent}>
              {t(`content.bulk.intents.${intent}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ws-field ws-time">
        <label htmlFor="bulk-at">{t("content.bulk.at")}</label>
        <input type="datetime-local" id="bulk-at" name="publishAt" dir="ltr" />
      </div>
      <button type="submit" className="ws-button">
        {t("content.bulk.apply")}
      </button>
    </form>
  );
}
