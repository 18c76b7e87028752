import { z } from "zod";
import { endpoint } from "../registry.ts";
import { found, id, languageOr404 } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import { listOf, presentStar, starSchema } from "../presenters.ts";

export const starRoutes = (domain: Domain) => [
  endpoint({
    method: "get",
    path: "/star1/star/category/:cat/language/:lang/service/:ser/city/:city",
    tag: "services",
    summary: "Star ratings present among a service's providers in a city (for the rating filter)",
    errors: [400, 404],
    params: z.object({ cat: id("cat"), lang: id("lang"), ser: id("ser"), city: id("city") }),
    response: listOf(starSchema),
    handle: async ({ params }) => {
      const language = await languageOr404(domain.content, params.lang);
      found(await domain.content.city(language.code, params.city), "City");
      found(await domain.content.category(language.code, params.cat), "Category");
      const service = found(await domain.content.serviceType(language.code, params.ser), "Service");
      const stars = await domain.content.stars({ categoryId: params.cat, serviceTypeId: params.ser, cityId: params.city });
      return {
        data: stars.map((s) =>
          presentStar(s, { language, categoryId: params.cat, cityId: params.city, serviceId: params.ser, updatedAt: service.updated_at }),
        ),
      };
    },
  }),
];
