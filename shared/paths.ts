// Per-language URLs, shared by the UI and the server: English unprefixed, the others under /ar, /fr, ...
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, type LanguageCode } from "./languages.ts";

/** The expression that matches a route's path: each `:param` one segment, every other character itself. */
export function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`);
}

export function localePath(language: LanguageCode, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === "/" ? `/${language}` : `/${language}${path}`;
}

/** The path without its language prefix, and the language it had. */
export function splitLanguage(pathname: string): { language: LanguageCode; path: string } {
  const [, first, ...rest] = pathname.split("/");
  if (first && isLanguageCode(first) && first !== DEFAULT_LANGUAGE) return { language: first, path: `/${rest.join("/")}` };
  return { language: DEFAULT_LANGUAGE, path: pathname || "/" };
}

export function alternates(path: string): Array<{ language: LanguageCode; path: string }> {
  return LANGUAGE_CODES.map((language) => ({ language, path: localePath(language, path) }));
}

/** The paths of the site's screens that name content by id (the original app's URLs, kept). */
export const sitePath = {
  place: (categoryId: number, cityId: number, placeId: number) => `/cities/${categoryId}/sites/${cityId}/action/${placeId}`,
  cityPlaces: (categoryId: number, cityId: number) => `/cities/${categoryId}/sites/${cityId}`,
  category: (categoryId: number) => `/cities/${categoryId}`,
  service: (serviceId: number) => `/services/${serviceId}`,
};
