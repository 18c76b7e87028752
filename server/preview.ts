// The preview of a draft: the public page exactly as it will look once the draft is published, in any
// language, rendered by the public route with a domain that has the draft in place; the published site is not
// touched. That domain is the live database inside a transaction where the draft is written as its publish
// would write it (one place, or the site's few items many places name) and which is always rolled back
// (decision 023): never a copy of the site, which at tens of thousands of places would not fit the server.
import type { Logger } from "pino";
import type { Domain } from "../domain/domain.ts";
import type { Editor } from "../domain/content/editing.ts";
import { localePath } from "../shared/paths.ts";
import type { LanguageCode } from "../shared/languages.ts";
import { buildDomain } from "./compose.ts";

const placePath = (categoryId: number, cityId: number, placeId: number) => `/cities/${categoryId}/sites/${cityId}/action/${placeId}`;

/** Where an item shows on the public site, in a domain that has it. */
async function publicPath(d: Domain, type: string, slug: string): Promise<string> {
  const en = "en";
  if (["site", "culture", "service", "media"].includes(type)) {
    const place = (await d.content.places(en, { slug })).items[0];
    return place ? placePath(place.category_id, place.city_id, place.id) : "/";
  }
  if (type === "city") {
    const city = (await d.content.cities(en)).find((c) => c.slug === slug);
    const destinations = (await d.content.categories(en, 1))[0];
    return city && destinations ? `/cities/${destinations.id}/sites/${city.id}` : "/destinations";
  }
  if (type === "category") {
    const category = (await d.content.categories(en)).find((c) => c.slug === slug);
    return category ? `/cities/${category.id}` : "/";
  }
  if (type === "service-type") {
    const service = (await d.content.serviceTypes(en)).find((s) => s.slug === slug);
    return service ? `/services/${service.id}` : "/services";
  }
  if (type === "experience") return "/experiences";
  if (type === "guide") return `/plan/${slug}`;
  // The gallery is on the home page; the settings are in every page's footer.
  return "/";
}

export function previewer(domain: Domain, log: Logger) {
  const { contentDir, mediaDir, library } = domain.places;
  const options = { publicOrigin: domain.publicOrigin, contentDir, mediaDir, mediaStore: library.store };

  /**
   * Runs `show` with the domain to render the preview with and the public path of the item in the asked
   * language, inside the transaction that holds the draft and is rolled back after `show`.
   */
  return async <T>(
    editor: Editor,
    type: string,
    slug: string,
    language: LanguageCode,
    show: (site: Domain, path: string) => Promise<T>,
  ): Promise<T> =>
    domain.editing.withDraftPublished(editor, type, slug, async (handle) => {
      const site = buildDomain(handle, log, options);
      return show(site, localePath(language, await publicPath(site, type, slug)));
    });
}
export type Previewer = ReturnType<typeof previewer>;
