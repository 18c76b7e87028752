// Where an item of the workspace shows on the public site (in English; localePath gives another language's):
// the preview opens it there, and the item's page links to it once it is published.
import type { Domain } from "../../domain/domain.ts";
import { sitePath } from "./paths.ts";

export async function publicPathOf(d: Domain, type: string, slug: string): Promise<string> {
  const en = "en";
  if (["site", "culture", "service", "media"].includes(type)) {
    const place = (await d.content.places(en, { slug })).items[0];
    return place ? sitePath.place(place.category_id, place.city_id, place.id) : "/";
  }
  if (type === "city") {
    const city = (await d.content.cities(en)).find((c) => c.slug === slug);
    const destinations = (await d.content.categories(en, 1))[0];
    return city && destinations ? sitePath.cityPlaces(destinations.id, city.id) : "/destinations";
  }
  if (type === "category") {
    const category = (await d.content.categories(en)).find((c) => c.slug === slug);
    return category ? sitePath.category(category.id) : "/";
  }
  if (type === "service-type") {
    const service = (await d.content.serviceTypes(en)).find((s) => s.slug === slug);
    return service ? sitePath.service(service.id) : "/services";
  }
  if (type === "experience") return "/experiences";
  if (type === "guide") return `/plan/${slug}`;
  if (type === "event") return `/events/${slug}`;
  // The gallery is on the home page; the settings are in every page's footer.
  return "/";
}
