// The compatible API (ORIGINAL-API.md) under /back/api/user, and its OpenAPI document.
import type { AnyEndpoint } from "./registry.ts";
import type { Domain } from "../../domain/domain.ts";
import type { SiteConfig } from "../../shared/site-config.ts";
import { languageRoutes } from "./languages/routes.ts";
import { categoryRoutes } from "./categories/routes.ts";
import { cityRoutes } from "./cities/routes.ts";
import { placeRoutes } from "./places/routes.ts";
import { serviceRoutes } from "./services/routes.ts";
import { starRoutes } from "./stars/routes.ts";
import { mediaRoutes } from "./media/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { contactRoutes } from "./contact/routes.ts";
import { deviceRoutes } from "./devices/routes.ts";
import { eventRoutes } from "./events/routes.ts";

export const API_BASE = "/back/api/user";

export function apiEndpoints(domain: Domain, site: SiteConfig, options: { trustProxy: boolean }): AnyEndpoint[] {
  return [
    ...languageRoutes(domain),
    ...categoryRoutes(domain, site),
    ...cityRoutes(domain, site),
    ...placeRoutes(domain, site),
    ...mediaRoutes(domain, site),
    ...serviceRoutes(domain, site),
    ...starRoutes(domain),
    ...searchRoutes(domain, site),
    ...contactRoutes(domain, options.trustProxy),
    ...deviceRoutes(domain),
    ...eventRoutes(domain, site),
  ];
}
