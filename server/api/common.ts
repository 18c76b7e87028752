// Pieces every API resource uses: id parameters, the language lookup, pagination and absolute URLs.
import type { Context } from "hono";
import { z } from "zod";
import type { ContentService, Language } from "../../domain/content/service.ts";
import { ApiError } from "../http/errors.ts";
import { LIST_LIMITS } from "../../shared/limits.ts";
import { originFor, type SiteConfig } from "../../shared/site-config.ts";

/**
 * A number in an address: decimal digits only. A number parser would also read "0x1d" as 29, "1e1" as 10 and
 * "+1" as 1, so one place would answer at many addresses (and a cache would keep each); those are refused like "abc".
 */
export const digits = (what: string, value: z.ZodCoercedNumber<string>) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${what} must be a number`)
    .pipe(value);

export const id = (what: string) =>
  digits(what, z.coerce.number<string>().int().positive(`${what} must be positive`).max(2_147_483_647, `${what} is too large`));

export const pageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(LIST_LIMITS.maxPage, "page is too large")
    .optional(),
  per_page: z.coerce
    .number({ error: "per_page must be a number" })
    .int("per_page must be a whole number")
    .min(1, "per_page must be at least 1")
    .max(LIST_LIMITS.maxPerPage, `per_page must be at most ${LIST_LIMITS.maxPerPage}`)
    .optional(),
});

export const languageQuery = z.object({ language: id("language").optional() });

export async function languageOr404(content: ContentService, languageId: number | undefined): Promise<Language> {
  if (languageId === undefined) return content.languageByCode("en");
  const language = await content.languageById(languageId);
  if (!language) throw new ApiError(404, `Unknown language id ${languageId}.`);
  return language;
}

export function found<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new ApiError(404, `${what} not found.`);
  return value;
}

export function originOf(c: Context, site: SiteConfig): string {
  return originFor(site, c.req.url);
}

/** Laravel's paginator answer: data, links and meta, as the original API gave. */
export function paginated<T>(c: Context, items: T[], total: number, page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = new URL(c.req.url);
  const pageUrl = (n: number) => {
    url.searchParams.set("page", String(n));
    return url.toString();
  };
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  return {
    data: items,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: page > 1 ? pageUrl(page - 1) : null,
      next: page < lastPage ? pageUrl(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path: `${url.origin}${url.pathname}`,
      per_page: perPage,
      to: from === null ? null : Math.min(total, from + items.length - 1),
      total,
    },
  };
}

export const paginationSchema = z.object({
  links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
  meta: z.object({
    current_page: z.number().int(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    path: z.string(),
    per_page: z.number().int(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  }),
});
