// The events for the ministry's app (decision 034): new endpoints beside the original API, which is unchanged.
// Dates are Damascus wall-clock values ("2027-09-13", "2027-09-13T18:00"), an Islamic feast's marked expected.
import { z } from "zod";
import { endpoint } from "../registry.ts";
import { found, id, languageOr404, originOf } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import type { EventView } from "../../../domain/events/service.ts";
import type { Occurrence } from "../../../domain/events/dates.ts";
import { slug } from "../../../domain/content/schema.ts";
import { EVENT_KINDS, EVENT_RULES, EVENT_STATUSES } from "../../../shared/events.ts";
import { localePath } from "../../../shared/paths.ts";
import type { LanguageCode } from "../../../shared/languages.ts";

const dateSchema = z.object({
  start: z.string().describe("The first day (2027-09-13), or the start time in Damascus (2027-09-13T18:00)"),
  end: z.string().nullable().describe("The last day, or the end time; null when it has none"),
  all_day: z.boolean(),
  expected: z.boolean().describe("Computed from the Islamic calendar: the date depends on the sighting of the moon"),
});
const eventSchema = z.object({
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  description: z.string().nullable(),
  kind: z.enum(EVENT_KINDS),
  status: z.enum(EVENT_STATUSES),
  computed: z.enum(EVENT_RULES).nullable(),
  city_id: z.number().int(),
  city_name: z.string(),
  place_id: z.number().int().nullable(),
  place_name: z.string().nullable(),
  source: z.string(),
  url: z.string().describe("The event's page"),
  calendar: z.string().describe("The event's dates as an RFC 5545 calendar file"),
});
const datedEventSchema = eventSchema.extend({ date: dateSchema });

function presentDate(on: Occurrence) {
  return { start: on.start, end: on.end ?? null, all_day: on.allDay, expected: on.expected };
}

function presentEvent(e: EventView, language: LanguageCode, origin: string) {
  return {
    slug: e.slug,
    name: e.name,
    summary: e.summary,
    description: e.description,
    kind: e.kind,
    status: e.status,
    computed: e.computed,
    city_id: e.city.id,
    city_name: e.city.name,
    place_id: e.place?.id ?? null,
    place_name: e.place?.name ?? null,
    source: e.source,
    url: origin + localePath(language, `/events/${e.slug}`),
    calendar: `${origin}${localePath(language, "/events.ics")}?event=${e.slug}`,
  };
}

export const eventRoutes = (domain: Domain, site: SiteConfig) => [
  endpoint({
    method: "get",
    path: "/event1/events",
    tag: "events",
    summary: "What is on from today for a year, each date of each event in order (English unless ?language= is given)",
    errors: [400, 404],
    query: z.object({ language: id("language").optional(), city: id("city").optional(), kind: z.enum(EVENT_KINDS).optional() }),
    response: z.object({ data: z.array(datedEventSchema) }),
    handle: async ({ query, c }) => {
      const language = await languageOr404(domain.content, query.language);
      const code = language.code as LanguageCode;
      if (query.city !== undefined) found(await domain.content.city(code, query.city), "City");
      const origin = originOf(c, site);
      const dates = await domain.events.upcoming(code, { cityId: query.city, kind: query.kind });
      return { data: dates.map(({ event, on }) => ({ ...presentEvent(event, code, origin), date: presentDate(on) })) };
    },
  }),
  endpoint({
    method: "get",
    path: "/event1/events/:slug",
    tag: "events",
    summary: "One event and its next dates (its last one when none is ahead)",
    errors: [400, 404],
    params: z.object({ slug }),
    query: z.object({ language: id("language").optional() }),
    response: z.object({ data: eventSchema.extend({ dates: z.array(dateSchema), last: dateSchema.nullable() }) }),
    handle: async ({ params, query, c }) => {
      const language = await languageOr404(domain.content, query.language);
      const code = language.code as LanguageCode;
      const { event, dates, last } = found(await domain.events.event(code, params.slug), "Event");
      return {
        data: { ...presentEvent(event, code, originOf(c, site)), dates: dates.map(presentDate), last: last ? presentDate(last) : null },
      };
    },
  }),
];
