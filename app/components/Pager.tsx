// The previous and next pages of a public list, and where the visitor is among them. Other filters of the
// list's address (a city, a rating) are kept; page 1 is the list's own address, without ?page.
import { useI18n } from "../i18n/I18nProvider";
import { LocalLink } from "./LocalLink";

function pageHref(path: string, page: number, query: Record<string, string | number | null> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null && value !== "") params.set(name, String(value));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function Pager({
  path,
  page,
  pages,
  query,
}: {
  path: string;
  page: number;
  pages: number;
  query?: Record<string, string | number | null>;
}) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("common.pages")}>
      {page > 1 && (
        <LocalLink className="button secondary" to={pageHref(path, page - 1, query)} rel="prev">
          {t("common.previousPage")}
        </LocalLink>
      )}
      <span className="pager-where" aria-current="page">
        {t("common.pageOf", { page, pages })}
      </span>
      {page < pages && (
        <LocalLink className="button secondary" to={pageHref(path, page + 1, query)} rel="next">
          {t("common.nextPage")}
        </LocalLink>
      )}
    </nav>
  );
}
