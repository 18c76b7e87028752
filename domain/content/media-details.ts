// What a media row's `details` column holds, read once into a typed value when the row leaves the content
// service: an image's responsive variants and placeholder colour, a video's poster and caption files. The
// column is JSON written by the content loader; a value that does not fit reads as empty rather than
// breaking a page.
import { z } from "zod";
import type { MediaRow } from "../../db/repositories/content.ts";
import { LICENCE_IDS } from "../../shared/licences.ts";

const variant = z.object({ format: z.enum(["avif", "webp"]), width: z.number(), height: z.number(), src: z.string() });

export const detailsSchema = z.object({
  placeholder: z.string().optional(),
  variants: z.array(variant).default([]),
  poster: z.string().optional(),
  /** Caption file (WebVTT) per language code. */
  captions: z.record(z.string(), z.string()).default({}),
  /** A library photograph's credit: shown beside it, as its licence requires. */
  credit: z.object({ author: z.string(), licence: z.enum(LICENCE_IDS), source: z.string().optional() }).optional(),
});

export type MediaDetails = z.infer<typeof detailsSchema>;
export type ImageVariant = z.infer<typeof variant>;
export type Media = Omit<MediaRow, "details"> & { details: MediaDetails };

export function parseMediaDetails(json: string): MediaDetails {
  let value: unknown;
  try {
    value = JSON.parse(json || "{}");
  } catch {
    value = {};
  }
  return detailsSchema.safeParse(value).data ?? detailsSchema.parse({});
}

export const withDetails = (row: MediaRow): Media => ({ ...row, details: parseMediaDetails(row.details) });
