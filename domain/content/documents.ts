// Content as the workspace edits it: one document per item, in the shape of its content/ file and checked by
// the same zod schemas. These functions turn the files into documents (content:load, the seed) and the
// published documents back into files (the public tables, content:export), so the two formats are one.
import { z } from "zod";
import { event } from "./event-schema.ts";
import { itinerary } from "./itinerary-schema.ts";
import * as schema from "./schema.ts";
import { placeMedia, type MediaManifest } from "./media-manifest.ts";
import type { ContentFiles, PlaceFiles } from "./files.ts";

/** The videos, sign-language videos, panoramas and virtual tours of one place, as a document (slug: the place's). */
const placeMediaDocument = z.object({ entries: placeMedia }).strict();

/**
 * Every kind of document, with its schema. `single` types have one document, `fixed` ones a set that is only
 * changed, never added to or taken off the site; `keyed` ones carry their slug in their body, as their files do.
 */
export const DOCUMENT_TYPES = {
  settings: { schema: schema.settingsFile, single: true, fixed: true, keyed: false },
  languages: { schema: schema.languageFile, single: true, fixed: true, keyed: false },
  category: { schema: schema.category, single: false, fixed: false, keyed: true },
  city: { schema: schema.city, single: false, fixed: false, keyed: true },
  "service-type": { schema: schema.serviceType, single: false, fixed: false, keyed: true },
  gallery: { schema: schema.galleryItem, single: false, fixed: true, keyed: true },
  experience: { schema: schema.experience, single: false, fixed: false, keyed: true },
  site: { schema: schema.placeFile, single: false, fixed: false, keyed: true },
  culture: { schema: schema.placeFile, single: false, fixed: false, keyed: true },
  service: { schema: schema.serviceProviderFile, single: false, fixed: false, keyed: true },
  media: { schema: placeMediaDocument, single: false, fixed: false, keyed: false },
  picture: { schema: schema.picture, single: false, fixed: false, keyed: true },
  video: { schema: schema.video, single: false, fixed: false, keyed: true },
  guide: { schema: schema.guidePage, single: false, fixed: false, keyed: true },
  event: { schema: event, single: false, fixed: false, keyed: true },
  itinerary: { schema: itinerary, single: false, fixed: false, keyed: true },
} as const satisfies Record<string, { schema: z.ZodType; single: boolean; fixed: boolean; keyed: boolean }>;

export type DocumentType = keyof typeof DOCUMENT_TYPES;
/** The slug of a `single` type's one document. */
const SINGLE_SLUG = "all";

export function isDocumentType(value: string): value is DocumentType {
  return Object.hasOwn(DOCUMENT_TYPES, value);
}

export type ContentDocument = { type: DocumentType; slug: string; position: number; body: unknown };

/** The files' items as documents, positions as the files order them. */
export function documentsFromFiles(files: ContentFiles, manifest: MediaManifest): ContentDocument[] {
  return [...siteDocumentsFromFiles(files, manifest), ...placeDocumentsFromFiles(files, {})];
}

/** Every item but the places as documents (a load reads the places in batches: placeDocumentsFromFiles). */
export function siteDocumentsFromFiles(files: ContentFiles, manifest: MediaManifest): ContentDocument[] {
  const docs: ContentDocument[] = [
    { type: "settings", slug: SINGLE_SLUG, position: 0, body: files.settings },
    { type: "languages", slug: SINGLE_SLUG, position: 0, body: files.languages },
  ];
  const add = (type: DocumentType, items: Array<{ slug: string }>) => {
    for (const [position, body] of items.entries()) docs.push({ type, slug: body.slug, position, body });
  };
  add("category", files.categories);
  add("city", files.cities);
  add("service-type", files.serviceTypes);
  add("gallery", files.gallery);
  add("experience", files.experiences);
  add("picture", files.pictures);
  add("video", files.videos);
  add("guide", files.guide);
  add("event", files.events);
  add("itinerary", files.itineraries);
  for (const [position, [slug, body]] of Object.entries(manifest).entries())
    docs.push({ type: "media", slug, position, body: { entries: body } });
  return docs;
}

/**
 * Places as documents, each kind numbered in the files' order from `next` (which it moves on), so that
 * batches read one after another get the positions the whole folder would give.
 */
export function placeDocumentsFromFiles(files: PlaceFiles, next: Partial<Record<DocumentType, number>>): ContentDocument[] {
  const docs: ContentDocument[] = [];
  const add = (type: DocumentType, body: { slug: string }) => {
    const position = next[type] ?? 0;
    next[type] = position + 1;
    docs.push({ type, slug: body.slug, position, body });
  };
  for (const { kind, ...place } of files.places) if (kind === "site") add("site", place);
  for (const { kind, ...place } of files.places) if (kind === "culture") add("culture", place);
  for (const service of files.services) add("service", service);
  return docs;
}

/**
 * Documents back as files, in the documents' order. Places, one file each, are read back in the order of
 * their file names (their slugs): a new place is put at its slug's place (see placePosition).
 */
export function filesFromDocuments(docs: ContentDocument[]): { files: ContentFiles; manifest: MediaManifest } {
  const of = <T>(type: DocumentType) =>
    docs
      .filter((d) => d.type === type)
      .sort((a, b) => a.position - b.position || a.slug.localeCompare(b.slug))
      .map((d) => d.body as T);
  type Place = z.infer<typeof schema.placeFile>;
  const files: ContentFiles = {
    settings: of<ContentFiles["settings"]>("settings")[0],
    languages: of<ContentFiles["languages"]>("languages")[0] ?? [],
    categories: of("category"),
    cities: of("city"),
    serviceTypes: of("service-type"),
    gallery: of("gallery"),
    experiences: of("experience"),
    places: [
      ...of<Place>("site").map((p) => ({ ...p, kind: "site" as const })),
      ...of<Place>("culture").map((p) => ({ ...p, kind: "culture" as const })),
    ],
    services: of("service"),
    pictures: of("picture"),
    videos: of("video"),
    guide: of<schema.GuidePage>("guide").sort((a, b) => a.order - b.order),
    events: of("event"),
    itineraries: of("itinerary"),
  };
  const manifest: MediaManifest = {};
  for (const d of docs.filter((d) => d.type === "media").sort((a, b) => a.position - b.position))
    manifest[d.slug] = (d.body as { entries: MediaManifest[string] }).entries;
  return { files, manifest };
}

/** Types kept one file per item in a folder, which is read back in the order of the file names. */
export const FOLDER_TYPES: readonly DocumentType[] = ["site", "culture", "service"];

/** A reference an item makes: the slug of an item of one of `types` (a place may be a site, culture or service). */
type Reference = { types: readonly DocumentType[]; slug: string };

/**
 * The kinds whose items may name an item of `type` that the trash deletes (by referencesOf; a library
 * photograph's uses are pictures.ts's): all a delete looks through, so deleting a place reads the few videos,
 * not every place.
 */
export function referringTypes(type: DocumentType): DocumentType[] {
  if (FOLDER_TYPES.includes(type)) return ["video", "event", "itinerary"];
  if (type === "city") return [...FOLDER_TYPES, "experience", "event"];
  if (type === "category" || type === "service-type") return [...FOLDER_TYPES];
  return [];
}

/**
 * The items an item names, which its checks read (checks.ts): a place's category, city, service type and
 * photographs; a city's or gallery item's photograph; an experience's city; a video's place; an event's city,
 * place and photograph; an itinerary's places.
 */
export function referencesOf(type: DocumentType, body: unknown): Reference[] {
  const b = (body ?? {}) as {
    category?: string;
    city?: string;
    service?: string;
    place?: string;
    picture?: string;
    images?: Array<{ picture?: string }>;
    stops?: Array<{ place?: string }>;
  };
  const one = (types: readonly DocumentType[], slug: string | undefined) => (typeof slug === "string" ? [{ types, slug }] : []);
  const pictures = [b.picture, ...(b.images ?? []).map((i) => i?.picture)].flatMap((p) => one(["picture"], p));
  if (FOLDER_TYPES.includes(type))
    return [...one(["category"], b.category), ...one(["city"], b.city), ...one(["service-type"], b.service), ...pictures];
  if (type === "video") return one(FOLDER_TYPES, b.place);
  if (type === "experience") return one(["city"], b.city);
  if (type === "event") return [...one(["city"], b.city), ...one(FOLDER_TYPES, b.place), ...pictures];
  if (type === "itinerary") return (b.stops ?? []).flatMap((s) => one(FOLDER_TYPES, s?.place));
  return pictures;
}
