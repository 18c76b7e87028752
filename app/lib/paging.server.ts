// Public lists come in pages (?page=N): at national scale a category or a city holds thousands of places,
// and one page of them all weighed megabytes. A page number that is not a whole number, or lies past the
// last page, is a page that does not exist.
import { notFound } from "./loader-params.server";

/** Places on one page of a public list: a whole number of rows at two, three and four cards a row. */
export const LIST_PAGE_SIZE = 24;

type PageOfList = { page: number; pages: number };

/** The page a list's address asks for: 1 when it names none. */
export function pageParam(request: Request): number {
  const value = new URL(request.url).searchParams.get("page");
  if (value === null) return 1;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) throw notFound();
  return Number(value);
}

/** The page asked for among a list's pages, or a 404 when the list ends before it (an empty list has one page). */
export function pageOfList(page: number, total: number, size = LIST_PAGE_SIZE): PageOfList {
  const pages = Math.max(1, Math.ceil(total / size));
  if (page > pages) throw notFound();
  return { page, pages };
}
