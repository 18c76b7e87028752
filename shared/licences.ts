// The licences a picture or video in the media library may carry, by SPDX-like id: the name a credit shows
// and the licence's own page, which Creative Commons licences require a credit to link to.
export const LICENCES = {
  "CC0-1.0": { name: "CC0 1.0", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
  "CC-BY-2.0": { name: "CC BY 2.0", url: "https://creativecommons.org/licenses/by/2.0/" },
  "CC-BY-3.0": { name: "CC BY 3.0", url: "https://creativecommons.org/licenses/by/3.0/" },
  "CC-BY-4.0": { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  "CC-BY-SA-2.0": { name: "CC BY-SA 2.0", url: "https://creativecommons.org/licenses/by-sa/2.0/" },
  "CC-BY-SA-3.0": { name: "CC BY-SA 3.0", url: "https://creativecommons.org/licenses/by-sa/3.0/" },
  "CC-BY-SA-4.0": { name: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/" },
  // No licence name to show: the interface says these in the visitor's language (credit.* texts).
  "public-domain": { name: undefined, url: undefined },
  ministry: { name: undefined, url: undefined },
} as const satisfies Record<string, { name: string | undefined; url: string | undefined }>;

export type Licence = keyof typeof LICENCES;
export const LICENCE_IDS = Object.keys(LICENCES) as [Licence, ...Licence[]];

/** What a public page shows beside a picture, and what the API adds to a media answer. */
export type Credit = { author: string; licence: Licence; source?: string };
