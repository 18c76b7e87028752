// The place answers of the API: rows shaped by presenters.ts, each with its cover photo (read with the place) and
// its service's record (the content service keeps them per content version); a presenter alone only shapes what it is given.
import type { Context } from "hono";
import type { PlaceSummaryRow } from "../../../db/repositories/content.ts";
import type { Language } from "../../../domain/content/service.ts";
import { originOf } from "../common.ts";
import type { Domain } from "../../../domain/domain.ts";
import type { SiteConfig } from "../../../shared/site-config.ts";
import { presentPlace, presentService } from "../presenters.ts";

/** Where a missing picture points, so the mobile app always gets a loadable URL. */
export const PLACEHOLDER_IMAGE = "/icons/placeholder.svg";

export async function placeAnswers(domain: Domain, site: SiteConfig, c: Context, rows: PlaceSummaryRow[], language: Language) {
  const origin = originOf(c, site);
  const services = rows.some((r) => r.service_type_id !== null) ? await domain.content.serviceCards(language.code) : undefined;
  return rows.map((p) => {
    const card = p.service_type_id !== null ? services?.get(p.service_type_id) : undefined;
    return presentPlace(
      p,
      language,
      origin + (p.cover_src ?? PLACEHOLDER_IMAGE),
      card
        ? presentService(card.service, language, origin + (card.coverSrc ?? PLACEHOLDER_IMAGE), {
            categoryId: p.category_id,
            cityId: p.city_id,
          })
        : null,
    );
  });
}
