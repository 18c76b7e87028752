// zod schemas of the files under content/: what an editor may write, checked before anything is loaded.
import { z } from "zod";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { CATEGORY_KINDS } from "./category-kind.ts";

const nonBlank = z.string().trim().min(1);

/** A text in all seven languages: what the seed-media texts (scripts/seed-media) must have. */
export const translatedComplete = z
  .object(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, nonBlank])) as Record<LanguageCode, typeof nonBlank>)
  .strict();
export type CompleteText = z.infer<typeof translatedComplete>;

/**
 * A translated text. English, the source every translation is made from, is required; another language may
 * be missing while its translation is being written, and the site then shows the English text. The seed
 * content must be complete: `content:check` reports every missing translation (checks.ts).
 */
export const translated = z
  .object({
    en: nonBlank,
    ...(Object.fromEntries(LANGUAGE_CODES.filter((c) => c !== "en").map((code) => [code, nonBlank.optional()])) as Record<
      Exclude<LanguageCode, "en">,
      z.ZodOptional<typeof nonBlank>
    >),
  })
  .strict();
export type Translated = z.infer<typeof translated>;

export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase letters, digits and dashes");

export const coordinates = z
  .object({
    lat: z.number().min(32).max(37.5),
    lng: z.number().min(35.5).max(42.5),
  })
  .strict();

export const MOTIFS = [
  "colonnade",
  "theatre",
  "citadel",
  "castle",
  "mosque",
  "church",
  "monastery",
  "souq",
  "old-street",
  "sea",
  "beach",
  "mountains",
  "river",
  "waterwheel",
  "desert",
  "ruins",
  "village",
  "museum",
  "palace",
  "khan",
  "hammam",
  "crafts",
  "hotel",
  "restaurant",
  "garden",
  "tower",
  "tomb",
  "gate",
  "bridge",
  "station",
  "soap",
] as const;

export const imageEntry = z
  .object({
    motif: z.enum(MOTIFS),
    caption: translated,
  })
  .strict();

export const languageFile = z.array(
  z
    .object({
      id: z.number().int().min(1),
      code: z.enum(LANGUAGE_CODES),
      name: nonBlank,
    })
    .strict(),
);

export const category = z
  .object({
    slug,
    kind: z.literal(CATEGORY_KINDS),
    name: translated,
    description: translated.optional(),
  })
  .strict();
export const categoryFile = z.array(category);

export const city = z
  .object({
    slug,
    centre: coordinates,
    radiusKm: z.number().positive().max(200),
    name: translated,
    aliases: z.array(nonBlank).default([]),
    description: translated.optional(),
  })
  .strict();
export const cityFile = z.array(city);

export const serviceType = z
  .object({
    slug,
    name: translated,
    description: translated,
  })
  .strict();
export const serviceTypeFile = z.array(serviceType);

const placeBase = {
  slug,
  category: slug,
  city: slug,
  coordinates,
  featured: z.boolean().default(false),
  popularity: z.number().int().min(1).max(100),
  unesco: z.boolean().default(false),
  name: translated,
  aliases: z.array(nonBlank).default([]),
  address: translated,
  summary: translated,
  information: translated,
  images: z.array(imageEntry).min(1),
};

export const placeFile = z.object(placeBase).strict();
export const serviceProviderFile = z
  .object({
    ...placeBase,
    service: slug,
    star: z.number().int().min(1).max(5).nullable(),
    sample: z.literal(true),
  })
  .strict();

export const galleryItem = z
  .object({
    slug,
    motif: z.enum(MOTIFS),
    title: translated,
    description: translated,
  })
  .strict();
export const GALLERY_SIZE = 9;
export const galleryFile = z.array(galleryItem).length(GALLERY_SIZE, "the home gallery has exactly 9 items");

export const experience = z
  .object({
    slug,
    motif: z.enum(MOTIFS),
    city: slug.optional(),
    title: translated,
    description: translated,
  })
  .strict();
export const experienceFile = z.array(experience);

export const settingsFile = z
  .object({
    address: translated,
    /** null until the ministry gives its public number and address: never invented. */
    phone: nonBlank.nullable(),
    email: z.email().nullable(),
    workingHours: translated,
    social: z.array(z.object({ network: z.enum(["facebook", "instagram", "x", "youtube", "telegram"]), url: z.url() }).strict()).length(3),
    appStoreUrl: z.url(),
    googlePlayUrl: z.url(),
  })
  .strict();
