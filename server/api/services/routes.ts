import { z } from "zod";
import type { Context } from "hono";
import { endpoint } from "../registry.ts";
import { found, id, languageOr404, languageQuery, originOf } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { dataOf, listOf, presentService, serviceSchema } from "../presenters.ts";
import { PLACEHOLDER_IMAGE } from "../places/place-answers.ts";
import type { ServiceTypeRow } from "../../../db/repositories/content.ts";
import type { Language } from "../../../domain/content/service.ts";

export const serviceRoutes = (domain: Domain, site: SiteConfig) => {
  async function present(c: Context, rows: ServiceTypeRow[], language: Language, scope: { categoryId?: number; cityId?: number } = {}) {
    const covers = await domain.content.covers(
      language.code,
      "service_type",
      rows.map((r) => r.id),
    );
    const origin = originOf(c, site);
    return rows.map((s) => presentService(s, language, origin + (covers.get(s.id)?.src ?? PLACEHOLDER_IMAGE), scope));
  }
  return [
    endpoint({
      method: "get",
      path: "/service1/services",
      tag: "services",
      summary: "Every kind of tourist service (English unless ?language= is given)",
      errors: [400, 404],
      query: languageQuery,
      response: listOf(serviceSchema),
      handle: async ({ query, c }) => {
        const language = await languageOr404(domain.content, query.language);
        return { data: await present(c, await domain.content.serviceTypes(language.code), language) };
      },
    }),
    endpoint({
      method: "get",
      path: "/service1/services/:id",
      tag: "services",
      summary: "One kind of service",
      errors: [400, 404],
      params: z.object({ id: id("id") }),
      query: languageQuery,
      response: dataOf(serviceSchema),
      handle: async ({ params, query, c }) => {
        const language = await languageOr404(domain.content, query.language);
        const row = found(await domain.content.serviceType(language.code, params.id), "Service");
        return { data: (await present(c, [row], language))[0] };
      },
    }),
    endpoint({
      method: "get",
      path: "/service1/services/city/:city/category/:cat/language/:lang",
      tag: "services",
      summary: "Services offered in a city",
      errors: [400, 404],
      params: z.object({ city: id("city"), cat: id("cat"), lang: id("lang") }),
      response: listOf(serviceSchema),
      handle: async ({ params, c }) => {
        const language = await languageOr404(domain.content, params.lang);
        found(await domain.content.city(language.code, params.city), "City");
        found(await domain.content.category(language.code, params.cat), "Category");
        const rows = await domain.content.serviceTypes(language.code, { cityId: params.city, categoryId: params.cat });
        return { data: await present(c, rows, language, { categoryId: params.cat, cityId: params.city }) };
      },
    }),
  ];
};
