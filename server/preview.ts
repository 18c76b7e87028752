// The preview of a draft: the public page exactly as it will look once the draft is published, in any
// language, rendered by the public route with a domain that has the draft in place; the published site is not
// touched. For a place (there are tens of thousands), that domain is the live database inside a transaction
// where the draft's rows are written and which is always rolled back (decision 023). For the few items many
// others name (settings, cities, pictures...), the site with the draft is loaded into a database of its own
// (an in-memory SQLite, by the same loader); the last few are kept, keyed by their content.
import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import type { Domain } from "../domain/domain.ts";
import type { Editor } from "../domain/content/editing.ts";
import { loadContent } from "../domain/content/loading.ts";
import { contentImages } from "../domain/content/images.ts";
import { localePath } from "../shared/paths.ts";
import type { LanguageCode } from "../shared/languages.ts";
import { buildDomain } from "./compose.ts";
import { isDocumentType } from "../domain/content/documents.ts";
import { publishedAlone } from "../domain/content/place-publishing.ts";

const KEPT = 3;
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
  const kept = new Map<string, Promise<{ site: Domain; close: () => Promise<void> }>>();
  const image = contentImages(domain.places);
  const options = { publicOrigin: domain.publicOrigin, contentDir, mediaDir, mediaStore: library.store };

  async function siteWith(editor: Editor, type: string, slug: string): Promise<Domain> {
    const { files, manifest } = await domain.editing.draftContent(editor, type, slug);
    const key = createHash("sha256")
      .update(JSON.stringify([files, manifest]))
      .digest("hex");
    let site = kept.get(key);
    if (!site) {
      site = (async () => {
        const handle = openDatabase({ sqlitePath: ":memory:" });
        await migrate(handle);
        await loadContent(handle, files, { image, manifest });
        return {
          site: buildDomain(handle, log, options),
          close: handle.close,
        };
      })();
      kept.set(key, site);
      site.catch(() => kept.delete(key));
      if (kept.size > KEPT) {
        const oldest = kept.keys().next().value!;
        kept
          .get(oldest)!
          .then((p) => p.close())
          .catch(() => {});
        kept.delete(oldest);
      }
    }
    return (await site).site;
  }

  /**
   * Runs `show` with the domain to render the preview with and the public path of the item in the asked
   * language. A place (the many) is shown on the live site with its draft written in a transaction that is
   * rolled back after `show`; anything else on a copy of the site made for it.
   */
  return async <T>(
    editor: Editor,
    type: string,
    slug: string,
    language: LanguageCode,
    show: (site: Domain, path: string) => Promise<T>,
  ): Promise<T> => {
    const at = async (site: Domain) => show(site, localePath(language, await publicPath(site, type, slug)));
    if (isDocumentType(type) && publishedAlone(type))
      return domain.editing.withPlaceDraft(editor, type, slug, (handle) => at(buildDomain(handle, log, options)));
    return at(await siteWith(editor, type, slug));
  };
}
export type Previewer = ReturnType<typeof previewer>;
