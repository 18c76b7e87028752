// The website's configuration the pages and the API read beside the domain (decision 035): set at start from
// the environment, never part of a domain service.
export type SiteConfig = {
  /** The origin absolute URLs are written with (images in API answers, canonical links); the request's own when unset. */
  publicOrigin?: string;
  /** A raster tile source on the ministry's own domain for the map ("https://…/{z}/{x}/{y}.png"); none by default. */
  mapTiles?: string;
};

/** The origin absolute URLs are written with: the configured one, or else the request's own. */
export function originFor(site: SiteConfig, requestUrl: string): string {
  return site.publicOrigin ?? new URL(requestUrl).origin;
}
