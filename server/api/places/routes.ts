import { z } from "zod";
import type { Context } from "hono";
import { endpoint } from "../registry.ts";
import { digits, found, id, languageOr404, languageQuery, pageQuery, paginated, paginationSchema } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { dataOf, placeSchema } from "../presenters.ts";
import { placeAnswers } from "./place-answers.ts";
import { LIST_LIMITS } from "../../../shared/limits.ts";
import type { PlaceFilter } from "../../../db/repositories/content.ts";
import type { Language } from "../../../domain/content/service.ts";
import { placesOfCategoryFilter } from "../../../domain/content/category-kind.ts";

const placePage = paginationSchema.extend({ data: z.array(placeSchema) });
const cityCategory = { city: id("city"), cat: id("cat"), lang: id("lang") };

export const placeRoutes = (domain: Domain, site: SiteConfig) => {
  async function list(c: Context, language: Language, filter: PlaceFilter, query: z.infer<typeof pageQuery>) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? LIST_LIMITS.defaultPerPage;
    const { items, total } = await domain.content.placeSummaries(language.code, filter, { page, perPage });
    return paginated(c, await placeAnswers(domain, site, c, items, language), total, page, perPage);
  }
  /** Resolves the language, city and category of a filtered list, answering 404 for any unknown one. */
  async function scope(params: { city: number; cat: number; lang: number }) {
    const language = await languageOr404(domain.content, params.lang);
    found(await domain.content.city(language.code, params.city), "City");
    found(await domain.content.category(language.code, params.cat), "Category");
    return language;
  }

  return [
    endpoint({
      method: "get",
      path: "/place1/places/:id",
      tag: "places",
      summary: "One place (English unless ?language= is given)",
      errors: [400, 404],
      params: z.object({ id: id("id") }),
      query: languageQuery,
      response: dataOf(placeSchema),
      handle: async ({ params, query, c }) => {
        const language = await languageOr404(domain.content, query.language);
        const [summary] = await domain.content.placeSummariesByIds(language.code, [params.id]);
        const place = found(summary, "Place");
        return { data: (await placeAnswers(domain, site, c, [place], language))[0] };
      },
    }),
    endpoint({
      method: "get",
      path: "/place1/places/category/:cat/language/:lang",
      tag: "places",
      summary: "Places of a category (the featured category gives the featured places; the culture category the culture places)",
      errors: [400, 404],
      params: z.object({ cat: id("cat"), lang: id("lang") }),
      query: pageQuery,
      response: placePage,
      handle: async ({ params, query, c }) => {
        const language = await languageOr404(domain.content, params.lang);
        const category = found(await domain.content.category(language.code, params.cat), "Category");
        return list(c, language, placesOfCategoryFilter(category), query);
      },
    }),
    endpoint({
      method: "get",
      path: "/place1/places/city/:city/category/:cat/language/:lang",
      tag: "places",
      summary: "Places of a category in a city that offer no service and have no star",
      errors: [400, 404],
      params: z.object(cityCategory),
      query: pageQuery,
      response: placePage,
      handle: async ({ params, query, c }) =>
        list(c, await scope(params), { cityId: params.city, categoryId: params.cat, withoutService: true }, query),
    }),
    endpoint({
      method: "get",
      path: "/place1/places/city/:city/category/:cat/language/:lang/service/:service",
      tag: "places",
      summary: "Places of a city that offer a service",
      errors: [400, 404],
      params: z.object({ ...cityCategory, service: id("service") }),
      query: pageQuery,
      response: placePage,
      handle: async ({ params, query, c }) => {
        const language = await scope(params);
        found(await domain.content.serviceType(language.code, params.service), "Service");
        return list(c, language, { cityId: params.city, categoryId: params.cat, serviceTypeId: params.service }, query);
      },
    }),
    endpoint({
      method: "get",
      path: "/place1/places/city/:city/category/:cat/language/:lang/service/:service/star/:star",
      tag: "places",
      summary: "Places of a city that offer a service, with a star rating (0 = any rating)",
      errors: [400, 404],
      params: z.object({
        ...cityCategory,
        service: id("service"),
        star: digits("star", z.coerce.number<string>().int().min(0, "star is 0..5").max(5, "star is 0..5")),
      }),
      query: pageQuery,
      response: placePage,
      handle: async ({ params, query, c }) => {
        const language = await scope(params);
        found(await domain.content.serviceType(language.code, params.service), "Service");
        return list(
          c,
          language,
          { cityId: params.city, categoryId: params.cat, serviceTypeId: params.service, star: params.star || undefined },
          query,
        );
      },
    }),
  ];
};
