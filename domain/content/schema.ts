// zod schemas of the files under content/: what an editor may write, checked before anything is loaded.
import { z } from "zod";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import { CATEGORY_KINDS } from "./category-kind.ts";
import { LICENCE_IDS } from "../../shared/licences.ts";
import { DEFAULT_RETENTION_MONTHS } from "../../shared/limits.ts";
import { GOVERNORATES, PLACE_STATES, PRACTICAL_TEXTS, type PracticalText } from "../../shared/place-facts.ts";
import { httpsLink, sourceLink } from "./links.ts";

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

/** A translated text in one language, or its English while that translation is being written. */
export const textIn = (text: Translated, language: string): string => text[language as keyof Translated] ?? text.en;

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

/**
 * A file of the media library, as its store names it: a slug, and the extension of what it holds. The
 * seed's are in content/media/library/; uploads are named after their picture with a hash of their bytes.
 */
const libraryFile = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)?\.(?:jpg|png|webp|avif)$/, "a library file name, such as palmyra-ruins.jpg");

/** Whose a library photograph or video is: shown with it wherever it is, as its licence requires. */
const credited = {
  credit: nonBlank.max(200),
  licence: z.enum(LICENCE_IDS),
  source: sourceLink.optional(),
  taken: z.iso.date().optional(),
  /**
   * What of the credit is not yet confirmed at its source (an author named by one source only, a licence's
   * version): the workspace's dashboard and `content:check` list it until someone confirms it and clears it.
   * Never shown on the public site.
   */
  toConfirm: nonBlank.max(500).optional(),
};

/**
 * A photograph of the media library: the file, what it shows (alt text for a screen reader, a caption for
 * everyone), and whose it is. The credit and the licence are shown wherever the picture is.
 */
export const picture = z
  .object({
    slug,
    file: libraryFile,
    alt: translated,
    caption: translated,
    ...credited,
  })
  .strict();
export const pictureFile = z.array(picture);

/** A video of the media library, as uploads name it: its video's slug, a hash of its bytes, its container. */
const videoFileName = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-f0-9]{8}\.(?:webm|mp4)$/, "a library video file name");
/** A captions file of the media library: its video's slug and language, a hash of its bytes. */
const captionsFileName = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-f0-9]{8}\.vtt$/, "a library captions file name");

/**
 * A video of the media library, shown with the place it belongs to: its file and size (read from its bytes
 * when it was uploaded), its title, whose it is, and a checked WebVTT captions file per language. A video is
 * published only with English captions (checks.ts); a sign-language video (`sign`) is shown as the place's.
 */
export const video = z
  .object({
    slug,
    file: videoFileName,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    seconds: z.number().positive(),
    place: slug,
    sign: z.boolean().optional(),
    title: translated,
    ...credited,
    captions: z
      .array(z.object({ language: z.enum(LANGUAGE_CODES), file: captionsFileName }).strict())
      .refine((list) => new Set(list.map((c) => c.language)).size === list.length, "one captions file per language"),
  })
  .strict();
export const videoFile = z.array(video);
export type LibraryVideo = z.infer<typeof video>;

/**
 * A picture of a place: a library photograph when `picture` names one, else the drawn illustration of the
 * motif. The caption describes the photograph that belongs there (content/README.md).
 */
const imageEntry = z
  .object({
    motif: z.enum(MOTIFS),
    caption: translated,
    picture: slug.optional(),
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
    /** A library photograph for the city's card and page; without one, the illustration of its best-known place. */
    picture: slug.optional(),
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

/**
 * What a visitor finds there, with the day someone last checked and, per language, what is open or lost
 * ("The temples of Bel and Baalshamin were destroyed in 2015").
 */
const placeStatus = z
  .object({
    state: z.enum(PLACE_STATES),
    /** The day the state was last checked: against its source, or on site when `seen`. */
    verified: z.iso.date(),
    /**
     * What the state was checked against (a UNESCO entry, a museum's announcement, press reports): named in every
     * language, linked when it has one address. The public page says "last checked against" it.
     */
    source: z.object({ name: translated, url: sourceLink.optional() }).strict().optional(),
    /** Someone of the ministry saw the place on that day: the page says so, rather than naming a source. */
    seen: z.boolean().optional(),
    note: translated.optional(),
  })
  .strict();

/** A traveller's practical facts: every one optional, because an unknown one is left out, never guessed. */
export const practical = z
  .object({
    ...(Object.fromEntries(PRACTICAL_TEXTS.map((name) => [name, translated.optional()])) as Record<
      PracticalText,
      z.ZodOptional<typeof translated>
    >),
    /** The day these facts were last checked; they are to be checked again the settings' factsReviewMonths later. */
    checked: z.iso.date().optional(),
    /** Minutes by road from the nearest base (the place's city), as a traveller would plan it. */
    travelMinutes: z
      .number()
      .int()
      .positive()
      .max(24 * 60)
      .optional(),
  })
  .strict();
export type Practical = z.infer<typeof practical>;

const placeBase = {
  slug,
  category: slug,
  /** The nearest base a visitor stays in; the place may lie outside the city itself (its governorate says where). */
  city: slug,
  governorate: z.enum(GOVERNORATES),
  coordinates,
  featured: z.boolean().default(false),
  popularity: z.number().int().min(1).max(100),
  unesco: z.boolean().default(false),
  /** Its Wikidata item, only when sure of it: the page says it is the same thing (schema.org sameAs). */
  wikidata: z
    .string()
    .regex(/^Q[1-9][0-9]{0,11}$/, "a Wikidata item id, such as Q5747")
    .optional(),
  name: translated,
  aliases: z.array(nonBlank).default([]),
  address: translated,
  summary: translated,
  information: translated,
  images: z.array(imageEntry).min(1),
  status: placeStatus.optional(),
  /** The year a UNESCO property was put on the List of World Heritage in Danger (Syria's six: 2013). */
  inDangerSince: z.number().int().min(1972).max(2100).optional(),
  practical: practical.optional(),
  /** What to know before going: remote roads, border areas, unexploded ordnance, a licensed guide. */
  safety: translated.optional(),
  /** The day the safety note was last checked; it is to be checked again the settings' statusReviewMonths later. */
  safetyChecked: z.iso.date().optional(),
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
    /** A library photograph; the first gallery item's picture is the home page's hero. */
    picture: slug.optional(),
    title: translated,
    description: translated,
  })
  .strict();
const GALLERY_SIZE = 9;
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
    /** null until the ministry gives its public number and address: never invented. E.164: +963 and the number. */
    phone: z
      .string()
      .regex(/^\+[1-9][0-9]{6,14}$/, "an international number in E.164 form, such as +963112345678")
      .nullable(),
    email: z.email().nullable(),
    /** Who receives the contact form's messages by mail (CONTACT_MAIL_TO is used while this is empty). */
    contactRecipients: z.array(z.email()).max(10).default([]),
    /** Contact messages older than this many months are deleted; the privacy page says so. */
    retentionMonths: z.number().int().min(1).max(120).default(DEFAULT_RETENTION_MONTHS),
    /** A place's status and safety note are to be checked again this many months after (decision 029). */
    statusReviewMonths: z.number().int().min(1).max(60).default(3),
    /** A place's practical facts and a guide page are to be checked again this many months after (decision 029). */
    factsReviewMonths: z.number().int().min(1).max(60).default(12),
    /** A change is published only once another editor has reviewed it; an admin may publish at once with a reason (decision 031). */
    reviewBeforePublish: z.boolean().default(true),
    workingHours: translated,
    social: z
      .array(z.object({ network: z.enum(["facebook", "instagram", "x", "youtube", "telegram"]), url: httpsLink }).strict())
      .length(3),
    appStoreUrl: httpsLink,
    googlePlayUrl: httpsLink,
  })
  .strict();

/**
 * The settings as the database holds them, read once by the content service: any may be absent until a load
 * has written it (a new database), and the five with defaults always have one (`required()` takes back what
 * `partial()` made optional, so their defaults apply and their type says so).
 */
export const storedSettings = settingsFile.partial().required({
  contactRecipients: true,
  retentionMonths: true,
  statusReviewMonths: true,
  factsReviewMonths: true,
  reviewBeforePublish: true,
});
export type StoredSettings = z.output<typeof storedSettings>;

/**
 * A page of the trip-planning guide (/plan): what a traveller needs to know before going. Its `reviewed` date
 * is shown on the page; what changes often (visas, money, advisories) is said to change, with its official
 * source linked, never with a figure that may be out of date.
 */
export const guidePage = z
  .object({
    slug,
    /** Where the page comes in the guide's list (1 first). */
    order: z.number().int().min(1).max(99),
    reviewed: z.iso.date(),
    title: translated,
    summary: translated,
    /** Paragraphs are separated by a blank line; a line starting with "- " is an item of a list. */
    sections: z.array(z.object({ heading: translated, body: translated }).strict()).min(1),
    sources: z.array(z.object({ name: translated, url: sourceLink }).strict()).default([]),
  })
  .strict();
export type GuidePage = z.infer<typeof guidePage>;
