// The compatible API's field names live here and only here: rows in, the original's JSON shapes out.
import { z } from "zod";
import type { CategoryRow, CityRow, PlaceRow, PlaceSummaryRow, ServiceTypeRow } from "../../db/repositories/content.ts";
import type { Media } from "../../domain/content/media-details.ts";
import { LICENCES } from "../../shared/licences.ts";
import type { Language } from "../../domain/content/service.ts";
import { directionOf } from "../../shared/languages.ts";
import { GOVERNORATES, PLACE_STATES, PRACTICAL_TEXTS } from "../../shared/place-facts.ts";
import { factsIn } from "../../domain/content/facts.ts";

const iso = z.string().describe("ISO 8601 date-time");
const url = z.string().describe("absolute URL");

export const languageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: z.enum(["ltr", "rtl"]).describe("text direction"),
});
export function presentLanguage(l: Language) {
  return { id: l.id, name: l.name, code: l.code, type: directionOf(l.code) };
}

export const categorySchema = z.object({
  id: z.number().int(),
  cat_name: z.string(),
  cat_type: z.number().int().describe("1 destination, 2 services, 3 featured, 4 culture"),
  cat_photo: url,
  description: z.string(),
  languages_idlanguages: z.number().int(),
  created_at: iso,
  updated_at: iso,
});
export function presentCategory(c: CategoryRow, language: Language, photo: string) {
  return {
    id: c.id,
    cat_name: c.name,
    cat_type: c.kind,
    cat_photo: photo,
    description: c.description,
    languages_idlanguages: language.id,
    created_at: c.updated_at,
    updated_at: c.updated_at,
  };
}

export const citySchema = z.object({
  id: z.number().int(),
  city_name: z.string(),
  city_type: z.number().int(),
  photo: url,
  description: z.string(),
  categories_idcategories: z.number().int().nullable(),
  languages_idlanguages: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  created_at: iso,
  updated_at: iso,
});
export function presentCity(c: CityRow, language: Language, photo: string, category?: CategoryRow) {
  return {
    id: c.id,
    city_name: c.name,
    city_type: category?.kind ?? 1,
    photo,
    description: c.description,
    categories_idcategories: category?.id ?? null,
    languages_idlanguages: language.id,
    latitude: c.lat,
    longitude: c.lng,
    created_at: c.updated_at,
    updated_at: c.updated_at,
  };
}

export const serviceSchema = z.object({
  id: z.number().int(),
  idservices: z.number().int(),
  ser_name: z.string(),
  ser_type: z.number().int(),
  ser_photo: url,
  description: z.string(),
  languages_idlanguages: z.number().int(),
  categories_idcategories: z.number().int().nullable(),
  cities_idcities: z.number().int().nullable(),
  created_at: iso,
  updated_at: iso,
});
export function presentService(s: ServiceTypeRow, language: Language, photo: string, scope: { categoryId?: number; cityId?: number } = {}) {
  return {
    id: s.id,
    idservices: s.id,
    ser_name: s.name,
    ser_type: 2,
    ser_photo: photo,
    description: s.description,
    languages_idlanguages: language.id,
    categories_idcategories: scope.categoryId ?? null,
    cities_idcities: scope.cityId ?? null,
    created_at: s.updated_at,
    updated_at: s.updated_at,
  };
}

export const placeSchema = z.object({
  id: z.number().int(),
  place_name: z.string(),
  place_type: z.number().int().describe("the kind of its category (1..4)"),
  photo: url,
  description: z.string(),
  address: z.string(),
  date_created: iso,
  languages_idlanguages: z.number().int(),
  categories_idcategories: z.number().int(),
  cities_idcities: z.number().int(),
  star: z.number().int().nullable(),
  service: serviceSchema.nullable(),
  latitude: z.number(),
  longitude: z.number(),
  created_at: iso,
  updated_at: iso,
  // Added for travellers (the published app ignores fields it does not know): each is null, or absent from
  // `practical`, when nobody has given it.
  governorate: z.enum(GOVERNORATES).nullable().describe("the governorate the place lies in (its city is the nearest base)"),
  status: z
    .object({
      state: z.enum(PLACE_STATES),
      verified: z.string().describe("ISO 8601 date the status was last checked: against its source, or on site when seen"),
      source: z
        .object({ name: z.string(), url: z.string().nullable() })
        .nullable()
        .describe("what the status was checked against, in the asked language (a UNESCO entry, a museum's announcement)"),
      seen: z.boolean().describe("someone of the ministry saw the place on that day"),
      note: z.string().nullable(),
    })
    .nullable(),
  in_danger_since: z.number().int().nullable().describe("year put on UNESCO's List of World Heritage in Danger"),
  practical: z
    .object({
      ...Object.fromEntries(PRACTICAL_TEXTS.map((field) => [field, z.string().optional()])),
      travel_minutes: z.number().int().optional(),
    })
    .describe("the practical facts that are known, in the asked language"),
  safety: z.string().nullable(),
  practical_checked: z.string().nullable().describe("ISO 8601 date the practical facts were last checked"),
  safety_checked: z.string().nullable().describe("ISO 8601 date the safety note was last checked"),
});
export function presentPlace(p: PlaceSummaryRow, language: Language, photo: string, service: ReturnType<typeof presentService> | null) {
  return {
    id: p.id,
    place_name: p.name,
    place_type: p.category_kind,
    photo,
    description: p.summary,
    address: p.address,
    date_created: p.created_at,
    languages_idlanguages: language.id,
    categories_idcategories: p.category_id,
    cities_idcities: p.city_id,
    star: p.star,
    service,
    latitude: p.lat,
    longitude: p.lng,
    created_at: p.created_at,
    updated_at: p.updated_at,
    ...travellerFacts(p, language),
  };
}

function travellerFacts(p: PlaceSummaryRow, language: Language) {
  const facts = factsIn(p.facts, language.code);
  return {
    governorate: (p.governorate || null) as (typeof GOVERNORATES)[number] | null,
    status: facts.status,
    in_danger_since: facts.inDangerSince,
    practical: {
      ...Object.fromEntries(facts.practical.map(({ field, text }) => [field, text])),
      ...(facts.travelMinutes ? { travel_minutes: facts.travelMinutes } : {}),
    },
    safety: facts.safety,
    practical_checked: facts.practicalChecked,
    safety_checked: facts.safetyChecked,
  };
}

export const starSchema = z.object({
  id: z.number().int(),
  star_type: z.number().int(),
  number: z.number().int(),
  languages_idlanguages: z.number().int(),
  categories_idcategories: z.number().int(),
  cities_idcities: z.number().int(),
  services_idservices: z.number().int(),
  created_at: iso,
  updated_at: iso,
});
export function presentStar(
  star: number,
  scope: { language: Language; categoryId: number; cityId: number; serviceId: number; updatedAt: string },
) {
  return {
    id: star,
    star_type: star,
    number: star,
    languages_idlanguages: scope.language.id,
    categories_idcategories: scope.categoryId,
    cities_idcities: scope.cityId,
    services_idservices: scope.serviceId,
    created_at: scope.updatedAt,
    updated_at: scope.updatedAt,
  };
}

const placeKeys = {
  places_idplaces: z.number().int(),
  cities_idcities: z.number().int(),
  categories_idcategories: z.number().int(),
  languages_idlanguages: z.number().int(),
};
type PlaceScope = { place: PlaceRow; language: Language };
const keys = ({ place, language }: PlaceScope) => ({
  places_idplaces: place.id,
  cities_idcities: place.city_id,
  categories_idcategories: place.category_id,
  languages_idlanguages: language.id,
});

const variantSchema = z.object({ format: z.enum(["avif", "webp"]), width: z.number().int(), height: z.number().int(), url });
export const mediaSchema = z.object({
  id: z.number().int(),
  med_name: z.string(),
  med_type: z.number().int().describe("1 image, 2 site-information text"),
  med_content: url,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(variantSchema).describe("responsive versions of an image (added to the original shape; empty for texts)"),
  placeholder: z.string().nullable().describe("dominant colour to show while the image loads"),
  credit: z
    .object({
      author: z.string(),
      licence: z.string().describe("the licence's name, e.g. CC BY 4.0; public-domain or ministry when it has none"),
      licence_url: z.string().nullable(),
      source: z.string().nullable(),
    })
    .nullable()
    .describe("a photograph's credit, to show with it as its licence requires (added to the original shape; null for drawings)"),
  ...placeKeys,
  created_at: iso,
  updated_at: iso,
});
export function presentMedia(m: Media, scope: PlaceScope, content: string, origin: string) {
  const { details } = m;
  return {
    id: m.id,
    med_name: m.title || scope.place.name,
    med_type: m.kind === "image" ? 1 : 2,
    med_content: content,
    width: m.width,
    height: m.height,
    variants: details.variants.map((v) => ({ format: v.format, width: v.width, height: v.height, url: origin + v.src })),
    placeholder: details.placeholder ?? null,
    credit: details.credit
      ? {
          author: details.credit.author,
          licence: LICENCES[details.credit.licence].name ?? details.credit.licence,
          licence_url: LICENCES[details.credit.licence].url ?? null,
          source: details.credit.source ?? null,
        }
      : null,
    ...keys(scope),
    created_at: m.updated_at,
    updated_at: m.updated_at,
  };
}

/** link_type of the original: 1 sign-language video, 2 video, 3 virtual tour. */
const LINK_TYPE: Record<string, number> = { sign: 1, video: 2, youtube: 2, tour: 3, panorama: 3 };
export const linkSchema = z.object({
  id: z.number().int(),
  link_name: z.string(),
  link_http: url,
  link_type: z.number().int().describe("1 sign-language video, 2 video, 3 virtual tour"),
  ...placeKeys,
  created_at: iso,
  updated_at: iso,
});
export function presentLink(m: Media, scope: PlaceScope, href: string) {
  return {
    id: m.id,
    link_name: m.title || scope.place.name,
    link_http: href,
    link_type: LINK_TYPE[m.kind],
    ...keys(scope),
    created_at: m.updated_at,
    updated_at: m.updated_at,
  };
}

export const waySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  way_type: z.number().int(),
  horizontal: z.number().describe("longitude"),
  vertical: z.number().describe("latitude"),
  address: z.string(),
  ...placeKeys,
  created_at: iso,
  updated_at: iso,
});
export function presentWay(scope: PlaceScope) {
  const { place } = scope;
  return {
    id: place.id,
    name: place.name,
    way_type: 1,
    horizontal: place.lng,
    vertical: place.lat,
    address: place.address,
    ...keys(scope),
    created_at: place.updated_at,
    updated_at: place.updated_at,
  };
}

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
