// Loads the editor's content files into the database: idempotent, ids kept by slug, the content
// version bumped only when something changed (caches and the search index key on it).
import { createHash } from "node:crypto";
import type { contentWriter, MediaInput, Translations } from "../../db/repositories/content-writer.ts";
import type { ContentFiles } from "./files.ts";
import type { Translated } from "./schema.ts";
import type { Motif } from "../media/illustrate.ts";
import { illustrationText } from "../media/illustration-text.ts";
import type { ProcessedImage } from "../media/pipeline.ts";
import type { MediaManifest } from "./media-manifest.ts";
import { videoUrl } from "../media/urls.ts";
import { placeFacts } from "./facts.ts";

type Picture = ContentFiles["pictures"][number];
/** A picture an item shows: its key (`palmyra-1`), the motif of its illustration, and its library photograph if any. */
export type ImageWant = { key: string; motif: Motif; picture?: Picture };
/** A processed picture, and whether it is a photograph (or else a drawn illustration); a library one's details. */
export type ContentImage = ProcessedImage & { photograph: boolean; picture?: Picture };
/** Makes the picture for one image entry (a library photograph, an imported photograph, or the illustration). */
export type ImageSource = (want: ImageWant) => Promise<ContentImage>;

export type LoadReport = { changed: number; unchanged: number; deleted: number; version: number };

type Fields<K extends string> = Partial<Record<K, Translated | string[] | undefined>>;

/** Turns {name: {en, ar..}, aliases: [...]} into {en: {name, aliases}, ar: {...}}. */
export function byLanguage<K extends string>(languages: string[], fields: Fields<K>): Translations<K> {
  const out: Translations<K> = {};
  for (const language of languages) {
    const row = {} as Record<K, string>;
    for (const [key, value] of Object.entries(fields) as Array<[K, Translated | string[] | undefined]>) {
      if (value === undefined) continue;
      // A missing translation is stored blank: the read side shows the English text in its place.
      row[key] = Array.isArray(value) ? value.join("\n") : (value[language as keyof Translated] ?? "");
    }
    out[language] = row;
  }
  return out;
}

/**
 * The media row of a picture. Its text (caption and alt) tells the truth about the picture: a drawing says it
 * is an illustration and what it shows (the content's caption describes the place's photograph, which the
 * drawing is not); a photograph gets the content's caption, or the illustration's wording until it has one.
 */
export function imageMedia(
  entry: { image: ContentImage; motif: Motif; key: string },
  languages: string[],
  names: Translated,
  caption?: Translated,
): MediaInput {
  const { image } = entry;
  const { picture } = image;
  // A library photograph has its own caption (what it shows), alt text (the same, for someone who cannot see
  // it) and credit: the author, the licence and the source, shown wherever it is.
  const credit = picture && { author: picture.credit, licence: picture.licence, ...(picture.source ? { source: picture.source } : {}) };
  const text = image.photograph && caption ? caption : illustrationText(entry.motif, entry.key, names);
  return {
    kind: "image",
    src: image.src,
    width: image.width,
    height: image.height,
    details: { placeholder: image.placeholder, variants: image.variants, ...(credit ? { credit } : {}) },
    text: byLanguage(languages, picture ? { title: picture.caption, description: picture.alt } : { title: text, description: text }),
  };
}

const wantKey = (want: ImageWant) => `${want.key} ${want.motif} ${want.picture?.file ?? ""}`;

/**
 * Makes every picture the content needs before any transaction (encoding is slow and must not hold the
 * database), two at a time: the machines this runs on have two cores, and each encode is single-threaded.
 * The source it returns answers those pictures at once, and makes any other one when asked.
 */
export async function prepareImages(files: ContentFiles, image: ImageSource): Promise<ImageSource> {
  const made = new Map<string, ContentImage>();
  const queue = [...imageKeys(files)];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) made.set(wantKey(next), await image(next));
    }),
  );
  return async (want) => made.get(wantKey(want)) ?? image(want);
}

export type EntityTable = Parameters<ReturnType<typeof contentWriter>["upsertEntity"]>[0];
export type EntityRow = Record<string, unknown> & { slug: string };
export type Report = Omit<LoadReport, "version">;

/** Writes an entity only when its content (texts, references and media) changed; answers its id. */
export async function writeEntity(
  w: ReturnType<typeof contentWriter>,
  report: Report,
  stamp: string,
  table: EntityTable,
  row: EntityRow,
  texts: Translations<string>,
  media: MediaInput[],
): Promise<number> {
  const hash = createHash("sha256")
    .update(JSON.stringify([row, texts, media]))
    .digest("hex");
  const key = `hash:${table}:${row.slug}`;
  const existing = await w.idBySlug(table, row.slug);
  if (existing !== undefined && (await w.hashOf(key)) === hash) {
    report.unchanged++;
    return existing;
  }
  report.changed++;
  const id = await w.upsertEntity(table, { ...row, updated_at: stamp }, texts, media);
  await w.setMeta(key, hash);
  return id;
}

/** The order of the kinds of places, as the files list them: sites, culture places, service providers. */
const PLACE_KIND_RANK: Record<string, number> = { site: 0, culture: 1, service: 2 };

/** A place of the public tables: a site or culture place of the files, or a service provider. */
export type AnyPlace = Omit<ContentFiles["places"][number], "kind"> & { kind: string; service?: string; star?: number | null };

/** Sites and culture places in the files' order, then service providers: the order of the public places. */
export function placesOf(files: Pick<ContentFiles, "places" | "services">): AnyPlace[] {
  return [
    ...files.places.map((p) => ({ ...p, kind: p.kind as string, service: undefined as string | undefined, star: null as number | null })),
    ...files.services.map((p) => ({ ...p, kind: "service" })),
  ];
}

/**
 * A place's public rows: the row (with the ids of what it refers to), its texts by language, and its media (its
 * pictures, the information document, the manifest's videos and tours, its library videos).
 */
export function placeRows(
  p: AnyPlace,
  c: {
    languages: string[];
    ids: { category: number; city: number; service: number | null };
    images: Array<{ image: ContentImage; motif: Motif; key: string }>;
    manifest: MediaManifest[string];
    videos: ContentFiles["videos"];
  },
): { row: EntityRow; texts: Translations<string>; media: MediaInput[] } {
  const media: MediaInput[] = p.images.map((img, i) => imageMedia(c.images[i], c.languages, p.name, img.caption));
  // The site-information document of the original API (med_type 2) points at the place's own text.
  media.push({ kind: "info", src: "information", width: null, height: null, details: {} });
  for (const m of c.manifest) {
    media.push({
      kind: m.kind,
      src: m.src,
      width: m.width ?? null,
      height: m.height ?? null,
      details: m.details ?? {},
      text: m.title ? byLanguage(c.languages, { title: m.title, description: m.title }) : undefined,
    });
  }
  for (const v of c.videos) media.push(libraryVideoMedia(v, c.languages));
  return {
    row: {
      slug: p.slug,
      kind: p.kind,
      // The kind's rank, not an index among all places: one place is written without renumbering the others
      // (the slug orders places of one kind, as their files are; see contentWriter.topPlace).
      position: PLACE_KIND_RANK[p.kind] ?? 0,
      category_id: c.ids.category,
      city_id: c.ids.city,
      service_type_id: c.ids.service,
      star: p.star ?? null,
      featured: p.featured ? 1 : 0,
      unesco: p.unesco ? 1 : 0,
      wikidata: p.wikidata ?? null,
      popularity: p.popularity,
      lat: p.coordinates.lat,
      lng: p.coordinates.lng,
      governorate: p.governorate,
      facts: JSON.stringify(placeFacts(p)),
      created_at: "2023-06-17T00:00:00.000Z",
    },
    texts: byLanguage(c.languages, {
      name: p.name,
      summary: p.summary,
      information: p.information,
      address: p.address,
      aliases: p.aliases,
    }),
    media,
  };
}

type Rows = { row: EntityRow; texts: Translations<string>; media: MediaInput[] };
type Wanted = { image: ContentImage; motif: Motif; key: string };

/** A category's public rows; its picture shows its most popular place (categoryMotif). */
export function categoryRows(c: ContentFiles["categories"][number], languages: string[], position: number, image: Wanted): Rows {
  return {
    row: { slug: c.slug, kind: c.kind, position },
    texts: byLanguage(languages, { name: c.name, description: c.description }),
    media: [imageMedia(image, languages, c.name)],
  };
}

/** A city's public rows; its picture is its photograph, or shows its most popular place (cityMotif). */
export function cityRows(c: ContentFiles["cities"][number], languages: string[], position: number, image: Wanted): Rows {
  return {
    row: { slug: c.slug, lat: c.centre.lat, lng: c.centre.lng, radius_km: c.radiusKm, position },
    texts: byLanguage(languages, { name: c.name, description: c.description, aliases: c.aliases }),
    media: [imageMedia(image, languages, c.name)],
  };
}

/** The pictures one place shows, by key (`palmyra-1`), with their library photographs from `pictures`. */
export function placeImageWants(p: Pick<AnyPlace, "slug" | "images">, pictures: ContentFiles["pictures"]): ImageWant[] {
  return p.images.map((img, i) => pictureWant(`${p.slug}-${i + 1}`, img.motif, img.picture, pictures));
}

/** The picture a city or category shows, given the files' places (or only its most popular one). */
export function cityImageWant(c: ContentFiles["cities"][number], files: Pick<ContentFiles, "places" | "pictures">): ImageWant {
  return pictureWant(`city-${c.slug}`, cityMotif(c.slug, files), c.picture, files.pictures);
}
export function categoryImageWant(slug: string, files: Pick<ContentFiles, "places" | "services">): ImageWant {
  return { key: `category-${slug}`, motif: categoryMotif(slug, files) };
}

function pictureWant(key: string, motif: Motif, picture: string | undefined, pictures: ContentFiles["pictures"]): ImageWant {
  const found = picture ? pictures.find((x) => x.slug === picture) : undefined;
  return { key, motif, ...(found ? { picture: found } : {}) };
}

/** Every picture the content needs, by the key its file (illustration or photograph) is known by. */
export function imageKeys(files: ContentFiles): ImageWant[] {
  return [...[...files.places, ...files.services].flatMap((p) => placeImageWants(p, files.pictures)), ...siteImageWants(files)];
}

/**
 * The pictures of everything but the places. A city's and a category's show their most popular place: `files`
 * holds every place, or (a load that reads the places in batches) only the most popular ones, in the files' order.
 */
export function siteImageWants(files: ContentFiles): ImageWant[] {
  const want = (key: string, motif: Motif, picture?: string) => pictureWant(key, motif, picture, files.pictures);
  return [
    ...files.gallery.map((g) => want(`gallery-${g.slug}`, g.motif, g.picture)),
    ...files.experiences.map((x) => want(`experience-${x.slug}`, x.motif)),
    ...files.cities.map((c) => cityImageWant(c, files)),
    ...files.categories.map((c) => categoryImageWant(c.slug, files)),
    ...files.serviceTypes.map((s) =>
      want(`service-${s.slug}`, s.slug.startsWith("restaurant") ? "restaurant" : s.slug.startsWith("hotel") ? "hotel" : "old-street"),
    ),
    // An event shows a photograph only when it names one: it has no drawing of its own.
    ...files.events.flatMap((e) => (e.picture ? [want(`event-${e.slug}`, "old-street", e.picture)] : [])),
  ];
}

/** A city's picture shows what it is best known for: the motif of its most popular place. */
function cityMotif(city: string, files: Pick<ContentFiles, "places">): Motif {
  const top = files.places.filter((p) => p.city === city).sort((a, b) => b.popularity - a.popularity)[0];
  return top?.images[0]?.motif ?? "old-street";
}
function categoryMotif(category: string, files: Pick<ContentFiles, "places" | "services">): Motif {
  const top = [...files.places, ...files.services].filter((p) => p.category === category).sort((a, b) => b.popularity - a.popularity)[0];
  return top?.images[0]?.motif ?? (category === "featured" ? "colonnade" : "old-street");
}

/** A library video as a media row of its place: its file, size and captions served from the library. */
function libraryVideoMedia(v: ContentFiles["videos"][number], languages: string[]): MediaInput {
  return {
    kind: v.sign ? "sign" : "video",
    src: videoUrl(v.file),
    width: v.width,
    height: v.height,
    details: {
      captions: Object.fromEntries(v.captions.map((c) => [c.language, videoUrl(c.file)])),
      credit: { author: v.credit, licence: v.licence, ...(v.source ? { source: v.source } : {}) },
    },
    text: byLanguage(languages, { title: v.title, description: v.title }),
  };
}
