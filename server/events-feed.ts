// The calendar feeds a phone subscribes to (decision 034): /events.ics in English and /{lang}/events.ics in the
// others, every event or one city's (?city=damascus), or one event (?event=…, the event page's "add to
// calendar"). Public like the pages: no cookie read or set, kept per content version and day, and a client
// with the current copy is answered 304 (http/caching.ts).
import type { Env, Hono } from "hono";
import { z } from "zod";
import { AnswerCache } from "./http/answer-cache.ts";
import { notFound } from "./http/errors.ts";
import { parseOr400 } from "./http/validate.ts";
import { messagesFor } from "../app/i18n/messages.server.ts";
import { translate } from "../app/i18n/translate.ts";
import type { Domain } from "../domain/domain.ts";
import { originFor, type SiteConfig } from "../shared/site-config.ts";
import { calendarOf } from "../domain/events/calendar.ts";
import { slug } from "../domain/content/schema.ts";
import { isLanguageCode, type LanguageCode } from "../shared/languages.ts";
import { localePath } from "../shared/paths.ts";

const MAX_AGE = 900;
const FEED_CACHE_BYTES = 4 * 1024 * 1024;
const feedQuery = z.object({ city: slug.optional(), event: slug.optional() }).strict();

/** The feed's texts in one language. */
function textsIn(language: LanguageCode, cityName: string | undefined) {
  const messages = messagesFor(language);
  return {
    name: cityName ? translate(messages, "events.calendarOfCity", { city: cityName }) : messages.events.calendarName,
    expected: messages.events.expected,
    statuses: messages.events.statuses,
  };
}

export function eventFeedRoutes<E extends Env>(app: Hono<E>, domain: Domain, site: SiteConfig) {
  // Each feed is made once per content version and day (its dates run from a year back), then kept; the version
  // is read at every request, as the API reads it, so a calendar never gets a feed older than the content.
  const cache = new AnswerCache(FEED_CACHE_BYTES, () => domain.content.version(), { trustVersionMs: 0 });
  for (const path of ["/events.ics", "/:lang/events.ics"])
    app.get(path, async (c, next) => {
      const asked = c.req.param("lang") ?? "en";
      if (!isLanguageCode(asked) || (asked === "en" && c.req.param("lang"))) return next();
      const { city, event } = parseOr400(
        feedQuery,
        c.req.query(),
        "Ask for every event, one city's (?city=its-slug) or one event (?event=its-slug).",
      );
      const key = `${await cache.version()} ${domain.events.today()} ${asked} ${city ?? ""} ${event ?? ""}`;
      return cache.answer(key, c.req.header("accept-encoding"), async () => {
        const cityName = city && (await domain.content.cities(asked)).find((x) => x.slug === city)?.name;
        if (city && !cityName) throw notFound("There is no such city.");
        if (event && !(await domain.events.event(asked, event))) throw notFound("There is no such event.");
        const dates = await domain.events.feed(asked, { city, slug: event });
        const origin = originFor(site, c.req.url);
        const body = calendarOf(dates, textsIn(asked, cityName || undefined), { origin, link: (s) => localePath(asked, `/events/${s}`) });
        const file = event ? `${event}.ics` : city ? `events-${city}.ics` : "events.ics";
        const headers = new Headers({
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": `${event ? "attachment" : "inline"}; filename="${file}"`,
          "cache-control": `public, max-age=${MAX_AGE}`,
        });
        return { status: 200, headers, body: new TextEncoder().encode(body) };
      });
    });
}
