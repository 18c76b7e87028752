// The preview of a draft: the public page exactly as it will look once the draft is published, in any
// language. The site with the draft in place is loaded into a database of its own (an in-memory SQLite, by
// the same loader), and the public route is rendered with a domain built on it; the published site is not
// touched. The last few previews are kept, keyed by the content they show, so reloading one is quick.
import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import type { Domain } from "../domain/domain.ts";
import type { Editor } from "../domain/content/editing.ts";
import { loadContent } from "../domain/content/publishing.ts";
import { contentImages } from "../domain/content/images.ts";
import { localePath } from "../shared/paths.ts";
import type { LanguageCode } from "../shared/languages.ts";
import { buildDomain } from "./compose.ts";

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
          site: buildDomain(handle, log, { publicOrigin: domain.publicOrigin, contentDir, mediaDir, mediaStore: library.store }),
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

  /** The domain to render the preview with, and the public path of the item in the asked language. */
  return async (editor: Editor, type: string, slug: string, language: LanguageCode) => {
    const site = await siteWith(editor, type, slug);
    return { domain: site, path: localePath(language, await publicPath(site, type, slug)) };
  };
}
export type Previewer = ReturnType<typeof previewer>;
