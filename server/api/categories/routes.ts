import { z } from "zod";
import { endpoint } from "../registry.ts";
import { found, id, languageOr404, languageQuery, originOf } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { categorySchema, dataOf, listOf, presentCategory } from "../presenters.ts";
import { PLACEHOLDER_IMAGE } from "../places/place-answers.ts";

export const categoryRoutes = (domain: Domain, site: SiteConfig) => {
  async function present(c: Parameters<typeof originOf>[0], languageId: number | undefined, only?: number) {
    const language = await languageOr404(domain.content, languageId);
    const rows = (await domain.content.categories(language.code)).filter((x) => only === undefined || x.id === only);
    const covers = await domain.content.covers(
      language.code,
      "category",
      rows.map((r) => r.id),
    );
    const origin = originOf(c, site);
    return rows.map((r) => presentCategory(r, language, origin + (covers.get(r.id)?.src ?? PLACEHOLDER_IMAGE)));
  }
  return [
    endpoint({
      method: "get",
      path: "/category1/category/language/:lang",
      tag: "categories",
      summary: "Categories of the four kinds in a language",
      errors: [400, 404],
      params: z.object({ lang: id("lang") }),
      response: listOf(categorySchema),
      handle: async ({ params, c }) => ({ data: await present(c, params.lang) }),
    }),
    endpoint({
      method: "get",
      path: "/category1/categories/:id",
      tag: "categories",
      summary: "One category (English unless ?language= is given)",
      errors: [400, 404],
      params: z.object({ id: id("id") }),
      query: languageQuery,
      response: dataOf(categorySchema),
      handle: async ({ params, query, c }) => ({ data: found((await present(c, query.language, params.id))[0], "Category") }),
    }),
  ];
};
