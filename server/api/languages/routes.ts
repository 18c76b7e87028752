import { z } from "zod";
import { endpoint } from "../registry.ts";
import { found, id } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import { dataOf, languageSchema, listOf, presentLanguage } from "../presenters.ts";

export const languageRoutes = (domain: Domain) => [
  endpoint({
    method: "get",
    path: "/language1/languages",
    tag: "languages",
    summary: "The seven languages of the site",
    response: listOf(languageSchema),
    handle: async () => ({ data: (await domain.content.languages()).map(presentLanguage) }),
  }),
  endpoint({
    method: "get",
    path: "/language1/languages/:id",
    tag: "languages",
    summary: "One language",
    errors: [400, 404],
    params: z.object({ id: id("id") }),
    response: dataOf(languageSchema),
    handle: async ({ params }) => ({ data: presentLanguage(found(await domain.content.languageById(params.id), "Language")) }),
  }),
];
