import { z } from "zod";
import { endpoint } from "../registry.ts";
import { found, id, languageOr404, languageQuery, originOf } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { citySchema, dataOf, listOf, presentCity } from "../presenters.ts";
import { PLACEHOLDER_IMAGE } from "../places/place-answers.ts";

export const cityRoutes = (domain: Domain, site: SiteConfig) => [
  endpoint({
    method: "get",
    path: "/city1/cities/category/:cat/language/:lang",
    tag: "cities",
    summary: "Cities that have places of a category",
    errors: [400, 404],
    params: z.object({ cat: id("cat"), lang: id("lang") }),
    response: listOf(citySchema),
    handle: async ({ params, c }) => {
      const language = await languageOr404(domain.content, params.lang);
      const { category, cities } = found(await domain.content.citiesOfCategory(language.code, params.cat), "Category");
      const covers = await domain.content.covers(
        language.code,
        "city",
        cities.map((x) => x.id),
      );
      const origin = originOf(c, site);
      return { data: cities.map((x) => presentCity(x, language, origin + (covers.get(x.id)?.src ?? PLACEHOLDER_IMAGE), category)) };
    },
  }),
  endpoint({
    method: "get",
    path: "/city1/cities/:id",
    tag: "cities",
    summary: "One city (English unless ?language= is given)",
    errors: [400, 404],
    params: z.object({ id: id("id") }),
    query: languageQuery,
    response: dataOf(citySchema),
    handle: async ({ params, query, c }) => {
      const language = await languageOr404(domain.content, query.language);
      const city = found(await domain.content.city(language.code, params.id), "City");
      const cover = (await domain.content.covers(language.code, "city", [city.id])).get(city.id);
      return { data: presentCity(city, language, originOf(c, site) + (cover?.src ?? PLACEHOLDER_IMAGE)) };
    },
  }),
];
