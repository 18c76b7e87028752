// An event, as an editor writes it (content/events/, the workspace's form): what is on, where and when. Its
// dates are either given (a day, or a day and a time in Damascus, maybe repeated by an RFC 5545 rule) or
// computed each year by a named rule (the Easters, the Islamic feasts: domain/events/dates.ts), never both.
import rrulePackage from "rrule";
import { z } from "zod";
import { EVENT_KINDS, EVENT_RULES, EVENT_STATUSES } from "../../shared/events.ts";
import { sourceLink } from "./links.ts";
import { slug, translated } from "./schema.ts";

const { rrulestr } = rrulePackage;

/** "2027-09-13" (the whole day) or "2027-09-13T18:00" (a time in Damascus). */
const dayOrTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, "a day (2027-09-13) or a day and a time in Damascus (2027-09-13T18:00)")
  .refine((value) => !Number.isNaN(Date.parse(`${value.length === 10 ? `${value}T00:00` : value}:00Z`)), "a date that exists");

/** An RFC 5545 recurrence rule without its start ("FREQ=YEARLY"), which is the event's `starts`. */
const recurrence = z
  .string()
  .trim()
  .regex(/^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/, "a recurrence rule such as FREQ=YEARLY")
  .refine((rule) => {
    try {
      rrulestr(rule);
      return true;
    } catch {
      return false;
    }
  }, "a recurrence rule such as FREQ=YEARLY");

export const event = z
  .object({
    slug,
    kind: z.enum(EVENT_KINDS),
    city: slug,
    /** A place of the city where it happens, when it happens at one. */
    place: slug.optional(),
    name: translated,
    summary: translated,
    description: translated.optional(),
    starts: dayOrTime.optional(),
    /** The last day, or the end time; absent: the day of `starts`, or an event without an end time. */
    ends: dayOrTime.optional(),
    repeat: recurrence.optional(),
    computed: z.enum(EVENT_RULES).optional(),
    /** How many days a computed event lasts (1 unless said). */
    days: z.number().int().min(1).max(30).optional(),
    status: z.enum(EVENT_STATUSES),
    /** Where its dates are announced: the organiser's or an official page. */
    source: sourceLink,
    /** A published photograph of the media library, shown with its credit on the event's page. */
    picture: slug.optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!e.starts === !e.computed) issue("starts", "give either its start or the rule that computes its dates, not both");
    if (e.computed && (e.ends || e.repeat)) issue("computed", "a computed event has no end or recurrence rule of its own: give its days");
    if (e.days && !e.computed) issue("days", "days are for a computed event: give its end instead");
    if (e.starts && e.ends && (e.ends.length !== e.starts.length || e.ends < e.starts))
      issue("ends", "the end must be written as the start is (a day or a time), and not before it");
  });
export type EventItem = z.infer<typeof event>;
