// The data model of places.geojson (decision 032), written once in zod: the tests check every feature against
// it, and /open-data/places.schema.json publishes it as JSON Schema (zod's own conversion) for builders.
import { z } from "zod";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { LICENCE_IDS } from "../../shared/licences.ts";
import { GOVERNORATES, PLACE_STATES } from "../../shared/place-facts.ts";

const texts = z.partialRecord(z.enum(LANGUAGE_CODES), z.string()).describe("A text per language code (en, ar, fr, es, it, tr, zh)");
const named = z.object({ slug: z.string(), name: texts }).strict();

const placeFeatureSchema = z
  .object({
    type: z.literal("Feature"),
    id: z.string().describe("The place's slug: stable, and the same as properties.slug"),
    geometry: z
      .object({
        type: z.literal("Point"),
        coordinates: z
          .tuple([z.number().min(35.5).max(42.5), z.number().min(32.2).max(37.5)])
          .describe("[longitude, latitude] (RFC 7946), WGS 84"),
      })
      .strict(),
    properties: z
      .object({
        id: z.number().int().describe("The place's id in the mobile app's API (/back/api/user/place1/places/{id})"),
        slug: z.string(),
        kind: z.enum(["site", "culture", "service"]),
        name: texts,
        summary: texts,
        category: named.nullable(),
        city: named.nullable().describe("The city it is listed under (its nearest base)"),
        governorate: z.enum(GOVERNORATES),
        status: z
          .object({
            state: z.enum(PLACE_STATES),
            checked: z.iso.date().describe("The day someone checked it"),
            seenByTheMinistry: z.boolean().describe("Someone of the ministry saw the place that day"),
            source: z.object({ name: texts, url: z.url().nullable() }).strict().nullable().describe("What it was checked against"),
          })
          .strict()
          .nullable(),
        unesco: z.boolean().describe("On UNESCO's World Heritage List"),
        wikidata: z
          .string()
          .regex(/^Q[1-9][0-9]*$/)
          .nullable()
          .describe("Its Wikidata item, when the ministry is sure of it"),
        inDangerSince: z.number().int().nullable().describe("On UNESCO's List of World Heritage in Danger since this year"),
        pages: z
          .object(Object.fromEntries(LANGUAGE_CODES.map((l) => [l, z.url()])) as Record<(typeof LANGUAGE_CODES)[number], z.ZodURL>)
          .strict()
          .describe("Its page on the site, per language"),
        pictures: z.array(
          z
            .object({
              url: z.url(),
              title: texts,
              credit: z
                .object({
                  author: z.string(),
                  licence: z.enum(LICENCE_IDS),
                  licenceUrl: z.url().nullable(),
                  source: z.string().nullable(),
                })
                .strict()
                .nullable()
                .describe("Each picture keeps its own licence: credit it as it says"),
            })
            .strict(),
        ),
        updated: z.string().describe("When the place was last published (ISO 8601)"),
      })
      .strict(),
  })
  .strict();

export const placesSchema = z
  .object({ type: z.literal("FeatureCollection"), features: z.array(placeFeatureSchema) })
  .strict()
  .meta({ title: "Syria's tourist places", description: "Every place published on the Syrian Ministry of Tourism's site" });

/** The JSON Schema builders validate places.geojson with. */
export const placesJsonSchema = () => z.toJSONSchema(placesSchema, { target: "draft-2020-12" });
