import { z } from "zod";
import { endpoint } from "../registry.ts";
import { languageOr404, paginated, paginationSchema } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { placeSchema } from "../presenters.ts";
import { placeAnswers } from "../places/place-answers.ts";
import { searchBody, searchQuery } from "./schema.ts";

const KIND_OF_TYPE: Record<number, string> = { 1: "site", 2: "service", 4: "culture" };

export const searchRoutes = (domain: Domain, site: SiteConfig) => [
  endpoint({
    method: "post",
    path: "/place1/search",
    tag: "search",
    summary: "Search places by name in any language; answers in the asked language (JSON, form or multipart body)",
    errors: [400, 404, 413, 415],
    readsContent: true,
    query: searchQuery,
    body: searchBody,
    response: paginationSchema.extend({ data: z.array(placeSchema) }),
    // A first page that found nothing is counted, by its text, for the editors (decision 033).
    observe: ({ query, body }, answer) => {
      if (query.page === 1 && answer.headers.get("x-total-count") === "0") domain.statistics.unanswered(body.name);
    },
    handle: async ({ query, body, c }) => {
      const language = await languageOr404(domain.content, body.language);
      const { ids, total } = await domain.search.search({
        text: body.name,
        star: body.star || undefined,
        service: body.service || undefined,
        category: body.category || undefined,
        city: body.city || undefined,
        kind: body.type ? KIND_OF_TYPE[body.type] : undefined,
        page: query.page,
        perPage: query.per_page,
      });
      // How many it found, beside the answer (kept with it): what the statistics read, cached or not.
      c.header("x-total-count", String(total));
      const rows = await domain.content.placeSummariesByIds(language.code, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the ranking's order; a place unpublished since the index was built has no row.
      const ranked = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
      return paginated(c, await placeAnswers(domain, site, c, ranked, language), total, query.page, query.per_page);
    },
  }),
];
