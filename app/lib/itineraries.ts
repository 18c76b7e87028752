// Words an itinerary's pages write in the visitor's language.
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** "Heritage and Faith · best in spring and autumn": a route's themes and seasons, listed as the language lists. */
export function themesAndSeasons(t: Translate, language: string, route: { themes: string[]; seasons: string[] }): string {
  const list = (items: string[]) => new Intl.ListFormat(language, { type: "conjunction" }).format(items);
  const themes = list(route.themes.map((x) => t(`itineraries.themes.${x}`)));
  return `${themes} · ${t("itineraries.best", { seasons: list(route.seasons.map((x) => t(`itineraries.seasons.${x}`))) })}`;
}
