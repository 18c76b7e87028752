// The fields of each kind of content as the workspace's form shows them, in the order of its content/ file.
// The form's input names are the fields' paths in the document ("name.ar", "images.0.motif"), so a problem
// the server finds (zod's, or a content check's) is shown beside the input of the same path.
import { PRACTICAL_TEXTS } from "../../shared/place-facts";

/** Where a choice's options come from (the loader sends them). */
export type OptionsOf =
  | "motifs"
  | "categories"
  | "cities"
  | "serviceTypes"
  | "kinds"
  | "networks"
  | "mediaKinds"
  | "stars"
  | "pictures"
  | "places"
  | "licences"
  | "governorates"
  | "placeStates"
  | "eventKinds"
  | "eventStatuses"
  | "eventRules";

/**
 * `label`: the key of its label among the workspace's field labels, when the last part of its name would say too
 * little (the `name` of a status's source).
 */
type Labelled = { label?: string };

/** `nullable` (text fields): an empty field is saved as null (a setting the ministry has not given yet), else left out. */
export type FieldSpec = Labelled &
  (
    | { name: string; kind: "text" | "url" | "email" | "date"; optional?: boolean; nullable?: boolean }
    /** A library file: shown, never typed (an upload names it). */
    | { name: string; kind: "file" }
    | { name: string; kind: "translated" | "long"; optional?: boolean }
    | { name: string; kind: "number" | "integer"; optional?: boolean; step?: string }
    /** `optional`: left unticked, it is left out (rather than saved as false). */
    | { name: string; kind: "boolean"; optional?: boolean }
    | { name: string; kind: "choice"; options: OptionsOf; optional?: boolean; numeric?: boolean }
    | { name: string; kind: "lines" }
    | { name: string; kind: "yaml" }
    | { name: string; kind: "group"; fields: FieldSpec[]; min?: number }
  );

const coordinates = (name: string): FieldSpec[] => [
  { name: `${name}.lat`, kind: "number", step: "0.0001" },
  { name: `${name}.lng`, kind: "number", step: "0.0001" },
];
const image: FieldSpec = {
  name: "images",
  kind: "group",
  min: 3,
  fields: [
    { name: "motif", kind: "choice", options: "motifs" },
    { name: "picture", kind: "choice", options: "pictures", optional: true },
    { name: "caption", kind: "translated" },
  ],
};
/** A traveller's facts (shared/place-facts.ts): each one optional, an empty one is left out of the document. */
const facts: FieldSpec[] = [
  { name: "status.state", kind: "choice", options: "placeStates", optional: true },
  { name: "status.verified", kind: "date", optional: true },
  { name: "status.source.name", kind: "translated", optional: true, label: "sourceName" },
  { name: "status.source.url", kind: "url", optional: true, label: "sourceUrl" },
  { name: "status.seen", kind: "boolean", optional: true, label: "seen" },
  { name: "status.note", kind: "translated", optional: true },
  { name: "inDangerSince", kind: "integer", optional: true },
  ...PRACTICAL_TEXTS.map((name): FieldSpec => ({ name: `practical.${name}`, kind: "translated", optional: true })),
  { name: "practical.travelMinutes", kind: "integer", optional: true },
  { name: "practical.checked", kind: "date", optional: true, label: "practicalChecked" },
  { name: "safety", kind: "long", optional: true },
  { name: "safetyChecked", kind: "date", optional: true },
];
const place: FieldSpec[] = [
  { name: "category", kind: "choice", options: "categories" },
  { name: "city", kind: "choice", options: "cities" },
  { name: "governorate", kind: "choice", options: "governorates" },
  ...coordinates("coordinates"),
  { name: "featured", kind: "boolean" },
  { name: "popularity", kind: "integer" },
  { name: "unesco", kind: "boolean" },
  { name: "wikidata", kind: "text", optional: true },
  { name: "name", kind: "translated" },
  { name: "aliases", kind: "lines" },
  { name: "address", kind: "translated" },
  { name: "summary", kind: "long" },
  { name: "information", kind: "long" },
  image,
  ...facts,
];

/** Whose a library photograph or video is (domain/content/schema.ts `credited`). */
const credited: FieldSpec[] = [
  { name: "credit", kind: "text" },
  { name: "licence", kind: "choice", options: "licences" },
  { name: "source", kind: "url", optional: true },
  { name: "taken", kind: "date", optional: true },
  { name: "toConfirm", kind: "text", optional: true },
];

/** The fields of each kind of content, in the order the workspace lists the kinds. */
export const CONTENT_FIELDS: Record<string, FieldSpec[]> = {
  site: place,
  culture: place,
  service: [
    ...place.slice(0, 3),
    { name: "service", kind: "choice", options: "serviceTypes" },
    { name: "star", kind: "choice", options: "stars", optional: true, numeric: true },
    ...place.slice(3),
  ],
  city: [
    ...coordinates("centre"),
    { name: "radiusKm", kind: "number" },
    { name: "picture", kind: "choice", options: "pictures", optional: true },
    { name: "name", kind: "translated" },
    { name: "aliases", kind: "lines" },
    { name: "description", kind: "long", optional: true },
  ],
  category: [
    { name: "kind", kind: "choice", options: "kinds", numeric: true },
    { name: "name", kind: "translated" },
    { name: "description", kind: "long", optional: true },
  ],
  "service-type": [
    { name: "name", kind: "translated" },
    { name: "description", kind: "long" },
  ],
  experience: [
    { name: "motif", kind: "choice", options: "motifs" },
    { name: "city", kind: "choice", options: "cities", optional: true },
    { name: "title", kind: "translated" },
    { name: "description", kind: "long" },
  ],
  gallery: [
    { name: "motif", kind: "choice", options: "motifs" },
    { name: "picture", kind: "choice", options: "pictures", optional: true },
    { name: "title", kind: "translated" },
    { name: "description", kind: "long" },
  ],
  media: [
    {
      name: "entries",
      kind: "group",
      min: 1,
      fields: [
        { name: "kind", kind: "choice", options: "mediaKinds" },
        { name: "src", kind: "text" },
        { name: "width", kind: "integer", optional: true },
        { name: "height", kind: "integer", optional: true },
        { name: "title", kind: "translated" },
        { name: "details", kind: "yaml" },
      ],
    },
  ],
  picture: [{ name: "file", kind: "file" }, { name: "alt", kind: "translated" }, { name: "caption", kind: "translated" }, ...credited],
  // The video's size, length and captions files are set by uploads (admin/media, the item's captions form).
  video: [
    { name: "file", kind: "file" },
    { name: "place", kind: "choice", options: "places" },
    { name: "sign", kind: "boolean" },
    { name: "title", kind: "translated" },
    ...credited,
  ],
  guide: [
    { name: "order", kind: "integer" },
    { name: "reviewed", kind: "date" },
    { name: "title", kind: "translated" },
    { name: "summary", kind: "long" },
    {
      name: "sections",
      kind: "group",
      min: 1,
      fields: [
        { name: "heading", kind: "translated" },
        { name: "body", kind: "long" },
      ],
    },
    {
      name: "sources",
      kind: "group",
      fields: [
        { name: "name", kind: "translated" },
        { name: "url", kind: "url" },
      ],
    },
  ],
  // An event's place is its slug, typed: a choice among tens of thousands of places would be no choice.
  event: [
    { name: "kind", kind: "choice", options: "eventKinds" },
    { name: "status", kind: "choice", options: "eventStatuses" },
    { name: "city", kind: "choice", options: "cities" },
    { name: "place", kind: "text", optional: true },
    { name: "name", kind: "translated" },
    { name: "summary", kind: "long" },
    { name: "description", kind: "long", optional: true },
    { name: "starts", kind: "text", optional: true },
    { name: "ends", kind: "text", optional: true },
    { name: "repeat", kind: "text", optional: true },
    { name: "computed", kind: "choice", options: "eventRules", optional: true },
    { name: "days", kind: "integer", optional: true },
    { name: "source", kind: "url" },
    { name: "picture", kind: "choice", options: "pictures", optional: true },
  ],
  settings: [
    { name: "address", kind: "translated" },
    { name: "phone", kind: "text", optional: true, nullable: true },
    { name: "email", kind: "email", optional: true, nullable: true },
    { name: "contactRecipients", kind: "lines" },
    { name: "retentionMonths", kind: "integer" },
    { name: "statusReviewMonths", kind: "integer" },
    { name: "factsReviewMonths", kind: "integer" },
    { name: "reviewBeforePublish", kind: "boolean" },
    { name: "workingHours", kind: "translated" },
    {
      name: "social",
      kind: "group",
      min: 3,
      fields: [
        { name: "network", kind: "choice", options: "networks" },
        { name: "url", kind: "url" },
      ],
    },
    { name: "appStoreUrl", kind: "url" },
    { name: "googlePlayUrl", kind: "url" },
  ],
};

export const CONTENT_TYPES = Object.keys(CONTENT_FIELDS);

/** The traveller's facts an item of a place type has not filled yet (the item page lists them), as field specs. */
export function unknownFacts(type: string, draft: unknown): FieldSpec[] {
  if (!["site", "culture", "service"].includes(type)) return [];
  const body = (draft ?? {}) as { status?: unknown; practical?: Record<string, unknown> };
  return facts.filter(
    (spec) =>
      (spec.name === "status.state" && !body.status) ||
      (spec.name.startsWith("practical.") && body.practical?.[spec.name.slice("practical.".length)] === undefined),
  );
}
/** Kinds made by an upload to the media library (admin/media), never by an empty form. */
export const LIBRARY_TYPES = ["picture", "video"];
