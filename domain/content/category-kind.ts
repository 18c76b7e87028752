// The four kinds of category of the original system, named. The numbers are the ones its database and API
// use (`cat_type`), so the mobile app reads the same values; code elsewhere uses the names.
import type { PlaceFilter } from "../../db/repositories/content.ts";

export const CategoryKind = { destinations: 1, services: 2, featured: 3, culture: 4 } as const;
export type CategoryKind = (typeof CategoryKind)[keyof typeof CategoryKind];
export const CATEGORY_KINDS = Object.values(CategoryKind);

/** The kind of category a kind of place (site, culture, service) belongs in. */
export function categoryKindOf(placeKind: string): CategoryKind {
  return placeKind === "service" ? CategoryKind.services : placeKind === "culture" ? CategoryKind.culture : CategoryKind.destinations;
}

/** Categories a visitor browses city by city (/cities/{category}/sites/{city}): sites and culture places. */
export function isBrowsedByCity(category: { kind: number }): boolean {
  return category.kind === CategoryKind.destinations || category.kind === CategoryKind.culture;
}

/** The places a category lists: the featured category gathers the featured places of every category. */
export function placesOfCategoryFilter(category: { id: number; kind: number }): Pick<PlaceFilter, "featured" | "categoryId"> {
  return category.kind === CategoryKind.featured ? { featured: true } : { categoryId: category.id };
}
