import { z } from "zod";
import { endpoint } from "../registry.ts";
import { found, id, languageOr404 } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import { listOf, presentStar, starSchema } from "../presenters.ts";

export const starRoutes = (deps: Domain) => [
  endpoint({
    method: "get",
    path: "/star1/star/category/:cat/language/:lang/service/:ser/city/:city",
    tag: "services",
    summary: "Star ratings present among a service's providers in a city (for the rating filter)",
    errors: [400, 404],
    params: z.object({ cat: id("cat"), lang: id("lang"), ser: id("ser"), city: id("city") }),
    response: listOf(starSchema),
    handle: async ({ params }) => {
      const language = await languageOr404(deps.content, params.lang);
      found(await deps.content.city(params.city, language.code), "City");
      found(await deps.content.category(params.cat, language.code), "Category");
      const service = found(await deps.content.serviceType(params.ser, language.code), "Service");
      const stars = await deps.content.stars({ categoryId: params.cat, serviceTypeId: params.ser, cityId: params.city });
      return {
        data: stars.map((s) =>
          presentStar(s, { language, categoryId: params.cat, cityId: params.city, serviceId: params.ser, updatedAt: service.updated_at }),
        ),
      };
    },
  }),
];
