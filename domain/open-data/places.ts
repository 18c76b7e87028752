// A published place as the open datasets give it (decision 032): a GeoJSON feature (RFC 7946: longitude
// first) with its names in every language, its category, city and governorate, its status with the day it was
// checked and the source it was checked against, its UNESCO and in-danger flags, its public page per language,
// and its pictures with their credits and licences; and the same as CSV rows, one per language.
import type { NamedRow, OpenPlaceRow } from "../../db/repositories/open-data.ts";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { LICENCES } from "../../shared/licences.ts";
import { localePath, sitePath } from "../../shared/paths.ts";
import { parseMediaDetails } from "../content/media-details.ts";
import { parseFacts } from "../content/facts.ts";

/** What a feature names beside the place: its city's and category's slugs and names. */
export type PlaceContext = { origin: string; cities: Map<number, NamedRow>; categories: Map<number, NamedRow> };

const pagePath = (p: OpenPlaceRow) => sitePath.place(p.categoryId, p.cityId, p.id);

/** The picture's file at the width lists use (the 960 px WebP), else as stored. */
function pictureUrl(src: string, details: ReturnType<typeof parseMediaDetails>, origin: string): string {
  const variant = details.variants.find((v) => v.format === "webp" && v.width === 960) ?? details.variants.find((v) => v.format === "webp");
  return new URL(variant?.src ?? src, origin).href;
}

export function placeFeature(p: OpenPlaceRow, c: PlaceContext) {
  const facts = parseFacts(p.facts || "{}");
  const pick = (field: "name" | "summary") =>
    Object.fromEntries(LANGUAGE_CODES.flatMap((l) => (p.texts[l]?.[field] ? [[l, p.texts[l][field]]] : [])));
  const named = (row: NamedRow | undefined) => row && { slug: row.slug, name: row.names };
  return {
    type: "Feature" as const,
    id: p.slug,
    geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] as [number, number] },
    properties: {
      id: p.id,
      slug: p.slug,
      kind: p.kind,
      name: pick("name"),
      summary: pick("summary"),
      category: named(c.categories.get(p.categoryId)) ?? null,
      city: named(c.cities.get(p.cityId)) ?? null,
      governorate: p.governorate,
      status: facts.status
        ? {
            state: facts.status.state,
            checked: facts.status.verified,
            seenByTheMinistry: facts.status.seen ?? false,
            source: facts.status.source ? { name: facts.status.source.name, url: facts.status.source.url ?? null } : null,
          }
        : null,
      unesco: p.unesco,
      wikidata: p.wikidata,
      inDangerSince: facts.inDangerSince ?? null,
      pages: Object.fromEntries(LANGUAGE_CODES.map((l) => [l, new URL(localePath(l, pagePath(p)), c.origin).href])),
      pictures: p.pictures.map((picture) => {
        const details = parseMediaDetails(picture.details);
        const credit = details.credit;
        return {
          url: pictureUrl(picture.src, details, c.origin),
          title: picture.titles,
          credit: credit
            ? {
                author: credit.author,
                licence: credit.licence,
                licenceUrl: LICENCES[credit.licence].url ?? null,
                source: credit.source ?? null,
              }
            : null,
        };
      }),
      updated: p.updatedAt,
    },
  };
}

export const CSV_COLUMNS = [
  "id",
  "slug",
  "language",
  "name",
  "summary",
  "kind",
  "category",
  "city",
  "governorate",
  "latitude",
  "longitude",
  "status",
  "status_checked",
  "status_source",
  "status_source_url",
  "unesco",
  "in_danger_since",
  "wikidata",
  "page",
  "picture",
  "picture_author",
  "picture_licence",
] as const;

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const field = (value: string | number | boolean | null) => {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
export const csvLine = (values: ReadonlyArray<string | number | boolean | null>) => `${values.map(field).join(",")}\r\n`;

/** The place's CSV rows: one per language it has a name in, each text in that language. */
export function placeRows(feature: ReturnType<typeof placeFeature>): string {
  const f = feature.properties;
  const [lng, lat] = feature.geometry.coordinates;
  const first = f.pictures[0];
  return LANGUAGE_CODES.filter((l) => f.name[l])
    .map((l) =>
      csvLine([
        f.id,
        f.slug,
        l,
        f.name[l] ?? "",
        f.summary[l] ?? "",
        f.kind,
        f.category?.name[l] ?? f.category?.name.en ?? "",
        f.city?.name[l] ?? f.city?.name.en ?? "",
        f.governorate,
        lat,
        lng,
        f.status?.state ?? null,
        f.status?.checked ?? null,
        f.status?.source ? (f.status.source.name[l] ?? f.status.source.name.en ?? "") : null,
        f.status?.source?.url ?? null,
        f.unesco,
        f.inDangerSince,
        f.wikidata,
        f.pages[l],
        first?.url ?? null,
        first?.credit?.author ?? null,
        first?.credit?.licence ?? null,
      ]),
    )
    .join("");
}
