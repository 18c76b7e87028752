// The workspace's tables: a caption, a row of column headings, and a frame that scrolls sideways on a narrow
// screen, which keyboard users can reach and scroll too.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";

export function WorkspaceTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it (WCAG 2.1.1).
    <section className="ws-scroll" aria-label={caption} tabIndex={0}>
      <table className="ws-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** The page links under a long table: previous, "page n of m", next; `href` makes a page's address. */
export function WorkspacePages({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className="ws-pages" aria-label={t("content.pages")}>
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev">
          {t("content.previousPage")}
        </Link>
      )}
      <span aria-current="page">{t("content.pageOf", { page, pages })}</span>
      {page < pages && (
        <Link to={href(page + 1)} rel="next">
          {t("content.nextPage")}
        </Link>
      )}
    </nav>
  );
}
