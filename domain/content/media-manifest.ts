// content/media.yaml: the videos, sign-language videos, panoramas and virtual tours attached to places.
import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { z } from "zod";
import { translated } from "./schema.ts";
import { virtualTourLink, youtubeLink } from "./links.ts";

const entry = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("video"),
    src: z.string().startsWith("/media/"),
    width: z.number().int(),
    height: z.number().int(),
    title: translated,
    details: z.object({ poster: z.string().optional(), captions: z.record(z.string(), z.string()) }),
  }),
  z.object({
    kind: z.literal("sign"),
    src: z.string().startsWith("/media/"),
    width: z.number().int(),
    height: z.number().int(),
    title: translated,
    details: z.object({ captions: z.record(z.string(), z.string()).optional() }).optional(),
  }),
  z.object({
    kind: z.literal("youtube"),
    src: youtubeLink,
    title: translated,
    width: z.undefined().optional(),
    height: z.undefined().optional(),
    details: z.undefined().optional(),
  }),
  z.object({
    kind: z.literal("panorama"),
    src: z.string().startsWith("/media/"),
    width: z.number().int(),
    height: z.number().int(),
    title: translated,
    details: z.undefined().optional(),
  }),
  z.object({
    kind: z.literal("tour"),
    src: virtualTourLink,
    title: translated,
    width: z.undefined().optional(),
    height: z.undefined().optional(),
    details: z.undefined().optional(),
  }),
]);

export const placeMedia = z.array(entry);
export const mediaManifestFile = z.record(z.string(), placeMedia);
export type MediaManifest = z.infer<typeof mediaManifestFile>;

export function readMediaManifest(path: string): MediaManifest {
  if (!existsSync(path)) return {};
  return mediaManifestFile.parse(parse(readFileSync(path, "utf8")) ?? {});
}
