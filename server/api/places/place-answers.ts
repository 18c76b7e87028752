// The place answers of the API: rows shaped by presenters.ts, with each cover photo and service record looked
// up in a fixed number of queries per list (a presenter alone only shapes what it is given).
import type { Context } from "hono";
import type { PlaceRow } from "../../../db/repositories/content.ts";
import type { Language } from "../../../domain/content/service.ts";
import { originOf } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { presentPlace, presentService } from "../presenters.ts";

/** Where a missing picture points, so the mobile app always gets a loadable URL. */
export const PLACEHOLDER_IMAGE = "/icons/placeholder.svg";

export async function placeAnswers(domain: Domain, site: SiteConfig, c: Context, rows: PlaceRow[], language: Language) {
  const origin = originOf(c, site);
  const ids = rows.map((r) => r.id);
  const serviceIds = [...new Set(rows.map((r) => r.service_type_id).filter((x): x is number => x !== null))];
  const [covers, serviceCovers, services] = await Promise.all([
    domain.content.covers(language.code, "place", ids),
    domain.content.covers(language.code, "service_type", serviceIds),
    serviceIds.length ? domain.content.serviceTypes(language.code) : Promise.resolve([]),
  ]);
  const byId = new Map(services.map((s) => [s.id, s]));
  return rows.map((p) => {
    const service = p.service_type_id !== null ? byId.get(p.service_type_id) : undefined;
    return presentPlace(
      p,
      language,
      origin + (covers.get(p.id)?.src ?? PLACEHOLDER_IMAGE),
      service
        ? presentService(service, language, origin + (serviceCovers.get(service.id)?.src ?? PLACEHOLDER_IMAGE), {
            categoryId: p.category_id,
            cityId: p.city_id,
          })
        : null,
    );
  });
}
