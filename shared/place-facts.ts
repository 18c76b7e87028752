// A traveller's practical facts about a place, as the content, the workspace and the public page name them.
// The UI and the server both import these lists; the texts that say them are in the translation files.

/** Syria's fourteen governorates: every place says which one it lies in (a city is only its nearest base). */
export const GOVERNORATES = [
  "damascus",
  "rif-dimashq",
  "aleppo",
  "homs",
  "hama",
  "latakia",
  "tartus",
  "idlib",
  "raqqa",
  "deir-ez-zor",
  "hasakah",
  "daraa",
  "suwayda",
  "quneitra",
] as const;
export type Governorate = (typeof GOVERNORATES)[number];

/** What a visitor finds on arrival, as last checked. */
export const PLACE_STATES = ["open", "partly-open", "closed", "damaged", "destroyed", "under-restoration"] as const;
export type PlaceState = (typeof PLACE_STATES)[number];

/**
 * The practical fields, each a short text per language, in the order a page shows them. Each is shown only
 * when filled: an opening hour or a fee nobody has confirmed is left empty, never guessed.
 */
export const PRACTICAL_TEXTS = [
  "hours",
  "feeSyrian",
  "feeForeign",
  "gettingThere",
  "facilities",
  "stepFree",
  "dress",
  "photography",
  "season",
] as const;
export type PracticalText = (typeof PRACTICAL_TEXTS)[number];
