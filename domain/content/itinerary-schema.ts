// An itinerary, as an editor writes it (content/itineraries/, the workspace's form): a suggested route of a
// few days, each day its stops in order, each stop one of our places with a note. A stop names its day, so
// the form edits the route as one list. Distances are computed from the places' coordinates on its page, and
// no travel time is ever written: the site cannot know the roads on the day.
import { z } from "zod";
import { ITINERARY_SEASONS, ITINERARY_THEMES, MAX_ITINERARY_DAYS, MAX_ITINERARY_STOPS } from "../../shared/itineraries.ts";
import { slug, translated } from "./schema.ts";

const stop = z
  .object({
    /** The day of the visit (1 first); the stops of a day come in the order they are listed. */
    day: z.number().int().min(1).max(MAX_ITINERARY_DAYS),
    place: slug,
    note: translated,
  })
  .strict();

const uniqueList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .min(1)
    .max(max)
    .refine((values) => new Set(values).size === values.length, "each one once");

export const itinerary = z
  .object({
    slug,
    title: translated,
    summary: translated,
    themes: uniqueList(z.enum(ITINERARY_THEMES), ITINERARY_THEMES.length),
    /** The seasons it is best in. */
    seasons: uniqueList(z.enum(ITINERARY_SEASONS), ITINERARY_SEASONS.length),
    stops: z.array(stop).min(2).max(MAX_ITINERARY_STOPS),
  })
  .strict()
  .superRefine((it, ctx) => {
    // Days follow one another from day 1, each with a stop, in the order the stops are listed.
    let day = 1;
    for (const [i, s] of it.stops.entries()) {
      if (s.day !== day && s.day !== day + 1)
        ctx.addIssue({
          code: "custom",
          path: ["stops", i, "day"],
          message: `day ${day} or ${day + 1}: the days follow one another from day 1`,
        });
      day = Math.max(day, s.day);
    }
    if (it.stops[0]?.day !== 1) ctx.addIssue({ code: "custom", path: ["stops", 0, "day"], message: "the first stop is on day 1" });
  });
export type Itinerary = z.infer<typeof itinerary>;
