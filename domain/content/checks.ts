// Checks across content that a schema alone cannot express: references, scripts, distances, lengths.
// Each problem names its item and field, so `content:check` can print it and the workspace can show it next
// to the field, in the editor's language (by its code and values).
import type { ContentFiles } from "./files.ts";
import type { Translated } from "./schema.ts";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { categoryKindOf } from "./category-kind.ts";
import { PRACTICAL_TEXTS } from "../../shared/place-facts.ts";

const ARABIC = /\p{Script=Arabic}/u;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

const MIN_INFORMATION_WORDS = 120;
const MIN_SITE_IMAGES = 3;

type ProblemCode =
  | "duplicate-slug"
  | "not-arabic"
  | "not-chinese"
  | "same-as-english"
  | "missing-translation"
  | "missing-description"
  | "unknown-reference"
  | "outside-city"
  | "wrong-category-kind"
  | "too-few-words"
  | "too-few-images"
  | "launch-setting"
  | "missing-english-captions";

/**
 * Problems that stop publishing, not saving: a draft may have them while it is being written (its words and
 * pictures come over days, its coordinates once someone has been there; a video's English captions are added
 * after the video is uploaded).
 */
export const PUBLISHING_PROBLEMS: ReadonlySet<ProblemCode> = new Set([
  "missing-english-captions",
  "too-few-words",
  "too-few-images",
  "outside-city",
]);

export type ContentProblem = {
  /** The item's document type (see documents.ts) and slug. */
  type: string;
  slug: string;
  /** The field's path in the item, e.g. `information.en` or `images.0.caption.ar`; absent for the whole item. */
  field?: string;
  code: ProblemCode;
  values?: Record<string, string | number>;
};

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** What of a place its counts are taken from: a half-written draft may have neither yet. */
export type PlaceSizes = { information?: { en?: unknown }; images?: unknown };

/** The words of its information in English and (for all but a service provider) its pictures, too few. */
export function placeSizeProblems(
  needsImages: boolean,
  p: PlaceSizes,
): Array<{ field: string; code: ProblemCode; values: Record<string, number> }> {
  const problems = [];
  const words = typeof p.information?.en === "string" ? wordCount(p.information.en) : 0;
  if (words < MIN_INFORMATION_WORDS)
    problems.push({ field: "information.en", code: "too-few-words" as const, values: { count: words, min: MIN_INFORMATION_WORDS } });
  const images = Array.isArray(p.images) ? p.images.length : 0;
  if (needsImages && images < MIN_SITE_IMAGES)
    problems.push({ field: "images", code: "too-few-images" as const, values: { count: images, min: MIN_SITE_IMAGES } });
  return problems;
}

/** What every check of the content writes to: the problems found so far, in the order they are found. */
type Found = {
  problems: ContentProblem[];
  /** Scripts per language, English left untranslated, and (when complete) missing languages. */
  text: (type: string, slug: string, field: string, value: Translated, o: { isName: boolean }) => void;
  /** A slug used twice among items of one kind. */
  unique: (type: string, slugs: string[]) => void;
};

function found(complete: boolean): Found {
  const problems: ContentProblem[] = [];
  return {
    problems,
    text(type, slug, field, value, { isName }) {
      const at = (language: string, code: ProblemCode) => problems.push({ type, slug, field: `${field}.${language}`, code });
      // Names may be written in Latin letters in an Arabic or Chinese text only if they are names.
      if (value.ar !== undefined && !ARABIC.test(value.ar)) at("ar", "not-arabic");
      if (value.zh !== undefined && !HAN.test(value.zh)) at("zh", "not-chinese");
      for (const code of LANGUAGE_CODES) {
        if (code === "en") continue;
        if (value[code] === undefined) {
          if (complete) at(code, "missing-translation");
        } else if (!isName && value[code] === value.en && LATIN.test(value.en)) at(code, "same-as-english");
      }
    },
    unique(type, slugs) {
      const seen = new Set<string>();
      for (const slug of slugs) {
        if (seen.has(slug)) problems.push({ type, slug, field: "slug", code: "duplicate-slug" });
        seen.add(slug);
      }
    },
  };
}

/**
 * Every problem of the content. `complete` (the repository's seed, `content:check`) also asks for every
 * translation; the workspace publishes with translations still missing, which the site shows in English.
 */
export function contentProblems(c: ContentFiles, { complete = false } = {}): ContentProblem[] {
  const f = found(complete);
  const slugs = (items: ReadonlyArray<{ slug: string }>) => items.map((x) => x.slug);
  f.unique("category", slugs(c.categories));
  f.unique("city", slugs(c.cities));
  f.unique("place", slugs([...c.places, ...c.services]));
  f.unique("gallery", slugs(c.gallery));
  f.unique("experience", slugs(c.experiences));
  f.unique("picture", slugs(c.pictures));
  libraryProblems(f, c);
  siteItemProblems(f, c);
  const named: Named = {
    categories: new Map(c.categories.map((x) => [x.slug, x])),
    cities: new Map(c.cities.map((x) => [x.slug, x])),
    serviceTypes: new Set(slugs(c.serviceTypes)),
  };
  for (const p of [...c.places, ...c.services]) placeProblems(f, named, p);
  f.unique("guide", slugs(c.guide));
  for (const g of c.guide) guideProblems(f, g);
  f.unique("event", slugs(c.events));
  for (const e of c.events) {
    f.text("event", e.slug, "name", e.name, { isName: true });
    f.text("event", e.slug, "summary", e.summary, { isName: false });
    if (e.description) f.text("event", e.slug, "description", e.description, { isName: false });
    if (!named.cities.has(e.city))
      f.problems.push({ type: "event", slug: e.slug, field: "city", code: "unknown-reference", values: { slug: e.city } });
  }
  f.unique("itinerary", slugs(c.itineraries));
  for (const r of c.itineraries) itineraryProblems(f, r);
  const places = new Set(slugs([...c.places, ...c.services]));
  f.problems.push(...placeReferenceProblems(c, (slug) => places.has(slug)));
  return f.problems;
}

/** An itinerary's texts; the places its stops name are checked with the videos' and the events' places. */
function itineraryProblems(f: Found, r: ContentFiles["itineraries"][number]) {
  f.text("itinerary", r.slug, "title", r.title, { isName: true });
  f.text("itinerary", r.slug, "summary", r.summary, { isName: false });
  for (const [i, stop] of r.stops.entries()) f.text("itinerary", r.slug, `stops.${i}.note`, stop.note, { isName: false });
}

/** The photographs named and their texts, then the videos' slugs, titles and English captions. */
function libraryProblems(f: Found, c: ContentFiles) {
  const pictures = new Set(c.pictures.map((x) => x.slug));
  for (const use of pictureUses(c)) {
    if (!pictures.has(use.picture))
      f.problems.push({ type: use.type, slug: use.slug, field: use.field, code: "unknown-reference", values: { slug: use.picture } });
  }
  for (const x of c.pictures) {
    f.text("picture", x.slug, "alt", x.alt, { isName: false });
    f.text("picture", x.slug, "caption", x.caption, { isName: false });
  }
  f.unique(
    "video",
    c.videos.map((x) => x.slug),
  );
  for (const x of c.videos) {
    f.text("video", x.slug, "title", x.title, { isName: false });
    // Captions make a video usable without sound; English is the language every other one is made from.
    if (!x.captions.some((caption) => caption.language === "en"))
      f.problems.push({ type: "video", slug: x.slug, field: "captions", code: "missing-english-captions" });
  }
}

/** The categories, cities, service types, gallery items and experiences: their texts, and the cities named. */
function siteItemProblems(f: Found, c: ContentFiles) {
  const { text } = f;
  const cities = new Set(c.cities.map((x) => x.slug));
  for (const x of c.categories) {
    text("category", x.slug, "name", x.name, { isName: true });
    if (x.description) text("category", x.slug, "description", x.description, { isName: false });
  }
  for (const x of c.cities) {
    text("city", x.slug, "name", x.name, { isName: true });
    if (!x.description) f.problems.push({ type: "city", slug: x.slug, field: "description.en", code: "missing-description" });
    else text("city", x.slug, "description", x.description, { isName: false });
  }
  for (const x of c.serviceTypes) {
    text("service-type", x.slug, "name", x.name, { isName: true });
    text("service-type", x.slug, "description", x.description, { isName: false });
  }
  for (const [type, list] of [
    ["gallery", c.gallery],
    ["experience", c.experiences],
  ] as const) {
    for (const x of list) {
      text(type, x.slug, "title", x.title, { isName: true });
      text(type, x.slug, "description", x.description, { isName: false });
      if ("city" in x && typeof x.city === "string" && !cities.has(x.city))
        f.problems.push({ type, slug: x.slug, field: "city", code: "unknown-reference", values: { slug: x.city } });
    }
  }
}

/** The items a place names, by slug (of two with one slug, the last, as the files are read). */
type Named = {
  categories: Map<string, ContentFiles["categories"][number]>;
  cities: Map<string, ContentFiles["cities"][number]>;
  serviceTypes: Set<string>;
};

/** A place's references (its category of the right kind, its city and how far from it, its service type), sizes and texts. */
function placeProblems(f: Found, named: Named, p: ContentFiles["places"][number] | ContentFiles["services"][number]) {
  const { text } = f;
  const isService = "service" in p;
  const type = isService ? "service" : p.kind;
  const at = (field: string | undefined, code: ProblemCode, values?: ContentProblem["values"]) =>
    f.problems.push({ type, slug: p.slug, field, code, values });
  const category = named.categories.get(p.category);
  const city = named.cities.get(p.city);
  if (!category) at("category", "unknown-reference", { slug: p.category });
  if (!city) at("city", "unknown-reference", { slug: p.city });
  else {
    const km = distanceKm(p.coordinates, city.centre);
    if (km > city.radiusKm) at("coordinates", "outside-city", { km: Math.round(km), city: city.slug, radius: city.radiusKm });
  }
  if (isService && !named.serviceTypes.has(p.service)) at("service", "unknown-reference", { slug: p.service });
  if (category) {
    const expected = categoryKindOf(type);
    if (category.kind !== expected) at("category", "wrong-category-kind", { slug: p.category, kind: category.kind, expected });
  }
  text(type, p.slug, "name", p.name, { isName: true });
  for (const field of ["address", "summary", "information"] as const) text(type, p.slug, field, p[field], { isName: false });
  for (const size of placeSizeProblems(!isService, p)) at(size.field, size.code, size.values);
  for (const [i, img] of p.images.entries()) text(type, p.slug, `images.${i}.caption`, img.caption, { isName: false });
  // A traveller's facts are translated like every other text.
  if (p.status?.note) text(type, p.slug, "status.note", p.status.note, { isName: false });
  for (const field of PRACTICAL_TEXTS) {
    const value = p.practical?.[field];
    if (value) text(type, p.slug, `practical.${field}`, value, { isName: false });
  }
  if (p.safety) text(type, p.slug, "safety", p.safety, { isName: false });
}

function guideProblems(f: Found, g: ContentFiles["guide"][number]) {
  const { text } = f;
  text("guide", g.slug, "title", g.title, { isName: false });
  text("guide", g.slug, "summary", g.summary, { isName: false });
  for (const [i, s] of g.sections.entries()) {
    text("guide", g.slug, `sections.${i}.heading`, s.heading, { isName: true });
    text("guide", g.slug, `sections.${i}.body`, s.body, { isName: false });
  }
  for (const [i, s] of g.sources.entries()) text("guide", g.slug, `sources.${i}.name`, s.name, { isName: true });
}

/** The videos, events and itineraries' stops that name a place `isPlace` does not know. */
export function placeReferenceProblems(
  c: Pick<ContentFiles, "videos" | "events" | "itineraries">,
  isPlace: (slug: string) => boolean,
): ContentProblem[] {
  const named = [
    ...c.videos.map((v) => ({ type: "video", slug: v.slug, field: "place", place: v.place })),
    ...c.events.flatMap((e) => (e.place === undefined ? [] : [{ type: "event", slug: e.slug, field: "place", place: e.place }])),
    ...c.itineraries.flatMap((r) =>
      r.stops.map((s, i) => ({ type: "itinerary", slug: r.slug, field: `stops.${i}.place`, place: s.place })),
    ),
  ];
  return named
    .filter((n) => !isPlace(n.place))
    .map((n) => ({ type: n.type, slug: n.slug, field: n.field, code: "unknown-reference", values: { slug: n.place } }));
}

/**
 * A problem of a place that a video, an event or an itinerary's stop names: only a check that has read every
 * place can say it (a load at its end, a place's publishing when it is taken off), not one that reads the
 * site's items alone.
 */
export function namesPlaceProblem(p: ContentProblem): boolean {
  return (
    ((p.type === "video" || p.type === "event") && p.field === "place") ||
    (p.type === "itinerary" && /^stops\.\d+\.place$/.test(p.field ?? ""))
  );
}

const ENGLISH: Record<ProblemCode, (v: Record<string, string | number>) => string> = {
  "duplicate-slug": () => "the slug is used twice",
  "not-arabic": () => "is not in Arabic script",
  "not-chinese": () => "is not in Chinese characters",
  "same-as-english": () => "is identical to the English text",
  "missing-translation": () => "has no translation",
  "missing-description": () => "has no description",
  "unknown-reference": (v) => `unknown ${v.slug}`,
  "outside-city": (v) => `${v.km} km from ${v.city}, outside its ${v.radius} km`,
  "wrong-category-kind": (v) => `category ${v.slug} is of kind ${v.kind}, expected ${v.expected}`,
  "too-few-words": (v) => `has ${v.count} words, needs ${v.min}`,
  "too-few-images": (v) => `${v.count} images, a tourist site needs ${v.min}`,
  "launch-setting": () => "is empty, and the site should not launch without it",
  "missing-english-captions": () => "has no English captions, which a video needs to be published",
};

/** Where a library picture is shown: every item and field that names it. */
export function pictureUses(c: ContentFiles): Array<{ picture: string; type: string; slug: string; field: string }> {
  return [
    ...[...c.places, ...c.services].flatMap((p) =>
      p.images.flatMap((img, i) =>
        img.picture
          ? [{ picture: img.picture, type: "service" in p ? "service" : p.kind, slug: p.slug, field: `images.${i}.picture` }]
          : [],
      ),
    ),
    ...c.cities.flatMap((x) => (x.picture ? [{ picture: x.picture, type: "city", slug: x.slug, field: "picture" }] : [])),
    ...c.gallery.flatMap((x) => (x.picture ? [{ picture: x.picture, type: "gallery", slug: x.slug, field: "picture" }] : [])),
    ...c.events.flatMap((x) => (x.picture ? [{ picture: x.picture, type: "event", slug: x.slug, field: "picture" }] : [])),
  ];
}

/** The settings a launch needs and the ministry has not given yet: warnings, never a reason to refuse a load. */
const LAUNCH_SETTINGS = ["phone", "email", "contactRecipients"] as const;
export function missingLaunchSettings(settings: Partial<ContentFiles["settings"]>): Array<(typeof LAUNCH_SETTINGS)[number]> {
  return LAUNCH_SETTINGS.filter((key) => {
    const value = settings[key];
    return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
  });
}

/** A library item whose credit is still to be confirmed at its source, and what is to be confirmed. */
export type CreditToConfirm = { type: "picture" | "video"; slug: string; credit: string; licence: string; toConfirm: string };

/** The photographs and videos whose credit someone must confirm before launch: warnings, never a reason to refuse a load. */
export function creditsToConfirm(items: { pictures: ReadonlyArray<CreditedItem>; videos: ReadonlyArray<CreditedItem> }): CreditToConfirm[] {
  const of = (type: CreditToConfirm["type"], list: ReadonlyArray<CreditedItem>) =>
    list.flatMap((x) => (x.toConfirm ? [{ type, slug: x.slug, credit: x.credit, licence: x.licence, toConfirm: x.toConfirm }] : []));
  return [...of("picture", items.pictures), ...of("video", items.videos)];
}
type CreditedItem = { slug: string; credit: string; licence: string; toConfirm?: string };

/** A problem as one line of English, for `content:check` and the loader's error. */
export function describeProblem(p: ContentProblem): string {
  return `${p.type} ${p.slug}${p.field ? `.${p.field}` : ""}: ${ENGLISH[p.code](p.values ?? {})}`;
}

/** The seed's rules as lines of English: empty when the content may be loaded. */
export function checkContent(c: ContentFiles, options: { complete?: boolean } = {}): string[] {
  return contentProblems(c, options).map(describeProblem);
}
