// How the workspace's form shows each kind of content: its fields in the order of its content/ file, grouped,
// with the widget each one needs. What a field is (a number or an integer, a link, a date, a choice among
// numbers, whether a draft may leave it empty, how many rows a list needs) is the schema's to say:
// content-fields.server.ts reads it from there, so the form cannot drift from what a save checks.
// The form's input names are the fields' paths in the document ("name.ar", "images.0.motif"), so a problem
// the server finds (zod's, or a content check's) is shown beside the input of the same path.
// This module holds no schema, so the pages that list the kinds do not send zod to the browser.
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

/**
 * A field as the form shows it, made from its layout and its schema. `optional`: a draft may leave it empty
 * (no "needed" mark; an empty one is left out). `nullable` (text fields): an empty field is saved as null (a
 * setting the ministry has not given yet).
 */
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

/**
 * A field's place and widget in the form; everything else comes from the schema. `widget`: a translated text
 * written as paragraphs (`long`), a library file an upload names (`file`), details written as YAML (`yaml`).
 * `options`: a select among these (a slug is typed, else). `step`: a number's precision. `fields`: a list's
 * row; `min`: the rows it offers and marks as needed, when the site needs more than a draft must have.
 */
export type FieldLayout = Labelled & {
  name: string;
  widget?: "long" | "file" | "yaml";
  options?: OptionsOf;
  step?: string;
  fields?: FieldLayout[];
  min?: number;
};

const coordinates = (name: string): FieldLayout[] => [
  { name: `${name}.lat`, step: "0.0001" },
  { name: `${name}.lng`, step: "0.0001" },
];
/** A site needs three pictures to be published (checks.ts `placeSizeProblems`); a draft may have one. */
const image: FieldLayout = {
  name: "images",
  min: 3,
  fields: [{ name: "motif", options: "motifs" }, { name: "picture", options: "pictures" }, { name: "caption" }],
};
/** A traveller's facts (shared/place-facts.ts): each one optional, an empty one is left out of the document. */
const facts: FieldLayout[] = [
  { name: "status.state", options: "placeStates" },
  { name: "status.verified" },
  { name: "status.source.name", label: "sourceName" },
  { name: "status.source.url", label: "sourceUrl" },
  { name: "status.seen", label: "seen" },
  { name: "status.note" },
  { name: "inDangerSince" },
  ...PRACTICAL_TEXTS.map((name): FieldLayout => ({ name: `practical.${name}` })),
  { name: "practical.travelMinutes" },
  { name: "practical.checked", label: "practicalChecked" },
  { name: "safety", widget: "long" },
  { name: "safetyChecked" },
];
const place: FieldLayout[] = [
  { name: "category", options: "categories" },
  { name: "city", options: "cities" },
  { name: "governorate", options: "governorates" },
  ...coordinates("coordinates"),
  { name: "featured" },
  { name: "popularity" },
  { name: "unesco" },
  { name: "wikidata" },
  { name: "name" },
  { name: "aliases" },
  { name: "address" },
  { name: "summary", widget: "long" },
  { name: "information", widget: "long" },
  image,
  ...facts,
];

/** Whose a library photograph or video is (domain/content/schema.ts `credited`). */
const credited: FieldLayout[] = [
  { name: "credit" },
  { name: "licence", options: "licences" },
  { name: "source" },
  { name: "taken" },
  { name: "toConfirm" },
];

/** The fields of each kind of content, in the order the workspace lists the kinds. */
export const CONTENT_LAYOUT: Record<string, FieldLayout[]> = {
  site: place,
  culture: place,
  service: [...place.slice(0, 3), { name: "service", options: "serviceTypes" }, { name: "star", options: "stars" }, ...place.slice(3)],
  city: [
    ...coordinates("centre"),
    { name: "radiusKm" },
    { name: "picture", options: "pictures" },
    { name: "name" },
    { name: "aliases" },
    { name: "description", widget: "long" },
  ],
  category: [{ name: "kind", options: "kinds" }, { name: "name" }, { name: "description", widget: "long" }],
  "service-type": [{ name: "name" }, { name: "description", widget: "long" }],
  experience: [
    { name: "motif", options: "motifs" },
    { name: "city", options: "cities" },
    { name: "title" },
    { name: "description", widget: "long" },
  ],
  gallery: [
    { name: "motif", options: "motifs" },
    { name: "picture", options: "pictures" },
    { name: "title" },
    { name: "description", widget: "long" },
  ],
  media: [
    {
      name: "entries",
      // A place's media document is made to hold its first entry.
      min: 1,
      fields: [
        { name: "kind", options: "mediaKinds" },
        { name: "src" },
        { name: "width" },
        { name: "height" },
        { name: "title" },
        { name: "details", widget: "yaml" },
      ],
    },
  ],
  picture: [{ name: "file", widget: "file" }, { name: "alt" }, { name: "caption" }, ...credited],
  // The video's size, length and captions files are set by uploads (admin/media, the item's captions form).
  video: [{ name: "file", widget: "file" }, { name: "place", options: "places" }, { name: "sign" }, { name: "title" }, ...credited],
  guide: [
    { name: "order" },
    { name: "reviewed" },
    { name: "title" },
    { name: "summary", widget: "long" },
    { name: "sections", fields: [{ name: "heading" }, { name: "body", widget: "long" }] },
    { name: "sources", fields: [{ name: "name" }, { name: "url" }] },
  ],
  // An event's place is its slug, typed: a choice among tens of thousands of places would be no choice.
  event: [
    { name: "kind", options: "eventKinds" },
    { name: "status", options: "eventStatuses" },
    { name: "city", options: "cities" },
    { name: "place" },
    { name: "name" },
    { name: "summary", widget: "long" },
    { name: "description", widget: "long" },
    { name: "starts" },
    { name: "ends" },
    { name: "repeat" },
    { name: "computed", options: "eventRules" },
    { name: "days" },
    { name: "source" },
    { name: "picture", options: "pictures" },
  ],
  // A stop's place is its slug, typed, as an event's; each stop names its day, so the route is one list.
  itinerary: [
    { name: "title" },
    { name: "summary", widget: "long" },
    { name: "themes" },
    { name: "seasons" },
    { name: "stops", fields: [{ name: "day" }, { name: "place" }, { name: "note", widget: "long", label: "stopNote" }] },
  ],
  settings: [
    { name: "address" },
    { name: "phone" },
    { name: "email" },
    { name: "contactRecipients" },
    { name: "retentionMonths" },
    { name: "statusReviewMonths" },
    { name: "factsReviewMonths" },
    { name: "reviewBeforePublish" },
    { name: "workingHours" },
    { name: "social", fields: [{ name: "network", options: "networks" }, { name: "url" }] },
    { name: "appStoreUrl" },
    { name: "googlePlayUrl" },
  ],
};

export const CONTENT_TYPES = Object.keys(CONTENT_LAYOUT);

/** The traveller's facts an item's form shows and its draft has not filled yet (the item page lists them). */
export function unknownFacts(specs: FieldSpec[], draft: unknown): FieldSpec[] {
  const body = (draft ?? {}) as { status?: unknown; practical?: Record<string, unknown> };
  return specs.filter(
    (spec) =>
      (spec.name === "status.state" && !body.status) ||
      (spec.name.startsWith("practical.") && body.practical?.[spec.name.slice("practical.".length)] === undefined),
  );
}
/** Kinds made by an upload to the media library (admin/media), never by an empty form. */
export const LIBRARY_TYPES = ["picture", "video"];
