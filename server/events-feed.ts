// The calendar feeds a phone subscribes to (decision 034): /events.ics in English and /{lang}/events.ics in the
// others, every event or one city's (?city=damascus), or one event (?event=…, the event page's "add to
// calendar"). Public like the pages: no cookie read or set, and a client with the current copy is answered 304.
import type { Env, Hono } from "hono";
import { z } from "zod";
import { notFound } from "./http/errors.ts";
import { parseOr400 } from "./http/validate.ts";
import { messagesFor } from "../app/i18n/messages.server.ts";
import type { Domain } from "../domain/domain.ts";
import { calendarOf } from "../domain/events/calendar.ts";
import { slug } from "../domain/content/schema.ts";
import { EVENT_STATUSES } from "../shared/events.ts";
import { isLanguageCode, type LanguageCode } from "../shared/languages.ts";
import { localePath } from "../shared/paths.ts";

const MAX_AGE = 900;
const feedQuery = z.object({ city: slug.optional(), event: slug.optional() }).strict();

/** The feed's texts in one language. */
function textsIn(language: LanguageCode, cityName: string | undefined) {
  const m = messagesFor(language).events;
  return {
    name: cityName ? m.calendarOfCity.replace("{city}", cityName) : m.calendarName,
    expected: m.expected,
    statuses: Object.fromEntries(EVENT_STATUSES.map((s) => [s, m.statuses[s]])) as Record<(typeof EVENT_STATUSES)[number], string>,
  };
}

export function eventFeedRoutes<E extends Env>(app: Hono<E>, domain: Domain) {
  for (const path of ["/events.ics", "/:lang/events.ics"])
    app.get(path, async (c, next) => {
      const asked = c.req.param("lang") ?? "en";
      if (!isLanguageCode(asked) || (asked === "en" && c.req.param("lang"))) return next();
      const { city, event } = parseOr400(
        feedQuery,
        c.req.query(),
        "Ask for every event, one city's (?city=its-slug) or one event (?event=its-slug).",
      );
      const cityName = city && (await domain.content.cities(asked)).find((x) => x.slug === city)?.name;
      if (city && !cityName) throw notFound("There is no such city.");
      if (event && !(await domain.events.event(asked, event))) throw notFound("There is no such event.");
      const dates = await domain.events.feed(asked, { city, slug: event });
      // The feed changes with the content and with the day (its dates are those from a year back).
      const etag = `"events-${asked}-${await domain.content.version()}-${domain.events.today()}-${city ?? ""}-${event ?? ""}"`;
      c.header("cache-control", `public, max-age=${MAX_AGE}`);
      c.header("etag", etag);
      if (
        c.req
          .header("if-none-match")
          ?.split(",")
          .some((t) => t.trim().replace(/^W\//, "") === etag)
      )
        return c.body(null, 304);
      const origin = domain.publicOrigin ?? new URL(c.req.url).origin;
      const body = calendarOf(dates, textsIn(asked, cityName || undefined), { origin, link: (s) => localePath(asked, `/events/${s}`) });
      const file = event ? `${event}.ics` : city ? `events-${city}.ics` : "events.ics";
      c.header("content-disposition", `${event ? "attachment" : "inline"}; filename="${file}"`);
      return c.body(body, 200, { "content-type": "text/calendar; charset=utf-8" });
    });
}
