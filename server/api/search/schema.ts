import { z } from "zod";
import { SEARCH_LIMITS } from "../../../shared/limits.ts";

const filterId = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be 0 (any) or an id`)
    .max(2_147_483_647, `${what} is too large`)
    .default(0);

export const searchBody = z.object({
  name: z
    .string({ error: "name is required and must be text" })
    .describe("What the visitor typed; blank answers an empty list")
    .transform((s) => s.slice(0, SEARCH_LIMITS.queryMaxLength)),
  star: filterId("star").describe("0 = any rating"),
  service: filterId("service").describe("0 = any service"),
  language: z.coerce
    .number({ error: "language must be a language id" })
    .int("language must be a language id")
    .positive("language must be a language id")
    .optional()
    .describe("language id; English when absent"),
  category: filterId("category").optional(),
  city: filterId("city").optional(),
  type: filterId("type").optional().describe("category kind: 1 sites, 2 services, 4 culture"),
});

export const searchQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(SEARCH_LIMITS.maxPage, "page is too large")
    .default(1),
  per_page: z.coerce
    .number({ error: "per_page must be a number" })
    .int("per_page must be a whole number")
    .min(1, "per_page must be at least 1")
    .max(SEARCH_LIMITS.maxPerPage, `per_page must be at most ${SEARCH_LIMITS.maxPerPage}`)
    .default(SEARCH_LIMITS.defaultPerPage),
});
