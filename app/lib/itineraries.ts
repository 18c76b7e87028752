// Words an itinerary's pages write in the visitor's language.

/** "Heritage, Faith and Coast", "التراث والأماكن الدينية": a list as the language writes one. */
export const listOf = (language: string, items: string[]) => new Intl.ListFormat(language, { type: "conjunction" }).format(items);
