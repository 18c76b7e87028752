// The site's URLs: per-language prefixes (shared with the server) and the paths of the site's screens.
export { alternates, localePath, splitLanguage } from "../../shared/paths.ts";

export const sitePath = {
  place: (categoryId: number, cityId: number, placeId: number) => `/cities/${categoryId}/sites/${cityId}/action/${placeId}`,
  citySites: (categoryId: number, cityId: number) => `/cities/${categoryId}/sites/${cityId}`,
  category: (categoryId: number) => `/cities/${categoryId}`,
  service: (serviceId: number) => `/services/${serviceId}`,
};
