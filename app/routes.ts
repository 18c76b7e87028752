import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { WORKSPACE_ROUTES } from "../shared/workspace-routes";

// Every page exists once per language: unprefixed for English, under /ar, /fr, ... for the others
// (the optional :lang segment; an unknown prefix answers 404 in app/lib/loader-params.server.ts).
export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-file.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The editorial workspace: its routes, and who may open each, are listed in shared/workspace-routes.ts.
  route(
    "admin",
    "routes/admin/layout.tsx",
    WORKSPACE_ROUTES.flatMap(({ path, file }) =>
      !file ? [] : path === "admin" ? [index(file)] : [route(path.slice("admin/".length), file)],
    ),
  ),
  route(":lang?/manifest.webmanifest", "routes/manifest.ts"),
  route(":lang?", "routes/language.tsx", [
    index("routes/home.tsx"),
    route("destinations", "routes/destinations.tsx"),
    route("experiences", "routes/experiences.tsx"),
    route("culture", "routes/culture.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("open-data", "routes/open-data.tsx"),
    route("services", "routes/services.tsx"),
    route("services/:serviceId", "routes/service.tsx"),
    route("map", "routes/map.tsx"),
    route("saved", "routes/saved.tsx"),
    route("offline", "routes/offline.tsx"),
    route("plan", "routes/plan/index.tsx"),
    route("plan/:slug", "routes/plan/page.tsx"),
    route("events", "routes/events/index.tsx"),
    route("events/:slug", "routes/events/page.tsx"),
    route("itineraries", "routes/itineraries/index.tsx"),
    route("itineraries/:slug", "routes/itineraries/page.tsx"),
    route("cities/:categoryId", "routes/category-cities.tsx"),
    route("cities/:categoryId/sites/:cityId", "routes/city-places.tsx"),
    route("cities/:categoryId/sites/:cityId/action/:placeId", "routes/place/layout.tsx", [
      index("routes/place/index.tsx"),
      route("video", "routes/place/video.tsx"),
      route("sign", "routes/place/sign.tsx"),
      route("virtual", "routes/place/virtual.tsx"),
      route("images", "routes/place/images.tsx"),
      route("info", "routes/place/info.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
