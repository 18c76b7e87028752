// The one web server: static files, then the JSON API, then the server-rendered pages.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Logger } from "pino";
import { apiEndpoints, API_BASE } from "./api/index.ts";
import type { Domain } from "../domain/domain.ts";
import type { MediaLibrary } from "../domain/media/library.ts";
import type { SiteConfig } from "../shared/site-config.ts";
import { mount, openApiDocument } from "./api/registry.ts";
import { AnswerCache } from "./http/answer-cache.ts";
import { apiReferencePage } from "./api/reference-page.ts";
import { unavailablePage } from "./http/unavailable-page.ts";
import { splitLanguage } from "../shared/paths.ts";
import { ApiError, errorBody, isDatabaseUnavailable } from "./http/errors.ts";
import { securityHeaders } from "./http/headers.ts";
import { compression, negotiatedAcceptEncoding } from "./http/compression.ts";
import { openDataRoutes, withOpenData } from "./open-data.ts";
import { tripPackRoutes } from "./trip-packs.ts";
import { eventFeedRoutes } from "./events-feed.ts";
import { caching } from "./http/caching.ts";
import { closeOnUnreadBody } from "./http/connection.ts";
import { onlyAllowedHosts } from "./http/allowed-hosts.ts";
import { MAX_BODY_BYTES, UPLOAD_LIMITS } from "../shared/limits.ts";
import { CAPTIONS_PATH, isWorkspacePath, UPLOAD_PATH } from "../shared/workspace-routes.ts";
import { workspaceGuard, type WorkspaceVariables } from "./http/workspace-guard.ts";
import { LIBRARY_URL_PREFIX } from "../domain/media/urls.ts";
import { storedFiles } from "./http/stored-files.ts";
import { servedBuildAssets } from "./build-assets.ts";
import { servedSiteImages, SITE_IMAGE_URL_PREFIX } from "../domain/media/site-images.ts";
import { healthRoutes } from "./http/health.ts";
import { metricsRoute } from "./http/metrics-route.ts";
import { endpointPatterns, routeLabels } from "./http/route-labels.ts";
import type { SiteMetrics } from "./metrics.ts";
import { readiness, type Readiness } from "./readiness.ts";

/** A page as the site answers it; `measuring` (a trip pack's sizes) is not a visit, so it is not counted. */
export type PageHandler = (request: Request, c: Context, measuring?: boolean) => Promise<Response>;

type AppOptions = {
  domain: Domain;
  site: SiteConfig;
  /** Serves the media store's files: the site's pictures, and the library's variants, videos and captions. */
  library: MediaLibrary;
  log: Logger;
  staticMediaDir: string;
  /** The client build's folder (hashed assets under assets/); absent in API-only tests. */
  clientDir?: string;
  pages?: PageHandler;
  pageMaxAge?: number;
  trustProxy?: boolean;
  version: string;
  /** Whether the instance should get traffic (GET /readyz); by default, whether its database answers. */
  readiness?: Readiness;
  /** The metrics each request is counted in; GET /metrics serves them to a scraper with `metricsToken`. */
  metrics?: SiteMetrics;
  metricsToken?: string;
  /** The Host values answered (server/http/allowed-hosts.ts); absent in tests that build the app in-process. */
  allowedHosts?: Set<string>;
};

/** The API's kept answers: every list, place and search the apps ask often (a list is 5-60 kB, 1-8 kB compressed). */
const API_CACHE_BYTES = 16 * 2 ** 20;

const UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment.";

function withoutCookies(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return new Request(request, { headers });
}

export function createApp(o: AppOptions) {
  const app = new Hono<{ Variables: WorkspaceVariables }>();
  const endpoints = apiEndpoints(o.domain, o.site, { trustProxy: o.trustProxy ?? false });
  const openapi = withOpenData(
    openApiDocument(API_BASE, endpoints, {
      title: "Visit Syria API",
      version: o.version,
      description: "The API the website and the ministry's mobile app call. Paths and JSON shapes are those of the original backend.",
    }),
  );

  // Before everything else: a load balancer's checks cost nothing and are not logged.
  healthRoutes(app, o.readiness ?? readiness(() => o.domain.content.version()));
  const patterns = endpointPatterns(API_BASE, endpoints);
  const routeOf = routeLabels(patterns);
  if (o.metrics && o.metricsToken) app.get("/metrics", metricsRoute(o.metrics, o.metricsToken));
  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    const route = routeOf(c.req.method, c.req.path);
    o.metrics?.request(c.req.method, route, c.res.status, (performance.now() - start) / 1000);
    // An API call counted by its endpoint's pattern, never its path or who asked (decision 033).
    if (c.req.path.startsWith(`${API_BASE}/`) && c.res.status < 400 && route.startsWith(API_BASE)) o.domain.statistics.api(route);
    // Method, path and status only: no address, no query string, no body (the privacy promise).
    o.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - start) }, "request");
  });
  // Before any cache: a request for another host never makes or reads a kept answer.
  if (o.allowedHosts) app.use(onlyAllowedHosts(o.allowedHosts));
  app.use(closeOnUnreadBody);
  app.use(securityHeaders);
  app.use(compression);
  app.use(caching({ apiMaxAge: 60, pageMaxAge: o.pageMaxAge ?? 300 }));

  app.use("/media/static/*", serveStatic({ root: o.staticMediaDir, rewriteRequestPath: (p) => p.replace(/^\/media\/static/, "") }));
  // The media store's files: the site's pictures, and the library's variants, videos and captions.
  app.get(`${SITE_IMAGE_URL_PREFIX}/*`, storedFiles(SITE_IMAGE_URL_PREFIX, servedSiteImages(o.library.store)));
  app.get(`${LIBRARY_URL_PREFIX}/*`, storedFiles(LIBRARY_URL_PREFIX, o.library.served));
  // The build writes .br and .gz copies of its scripts and stylesheets (scripts/vite-precompress.ts).
  if (o.clientDir) app.use("/assets/*", negotiatedAcceptEncoding, serveStatic({ root: o.clientDir, precompressed: true }));
  // A file of an earlier build, for a page an earlier build served (server/build-assets.ts).
  if (o.clientDir) app.get("/assets/*", storedFiles("/assets", servedBuildAssets(o.library.store)));
  // A missing file is a plain 404, never a page (a stylesheet answered with HTML would be misread).
  for (const prefix of ["/assets/*", "/media/*"]) app.all(prefix, (c) => c.text("Not found", 404));

  // Every body is bounded: the API's and the contact page's form alike, and the media library's uploads
  // (a photograph, and the form's few fields) by their own limit. A larger body is refused before it is read.
  const bounded = (maxSize: number, what: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError(413, `The request body is larger than ${what}.`);
      },
    });
  const anyBody = bounded(MAX_BODY_BYTES, `${MAX_BODY_BYTES / 1024} KB`);
  const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
  const uploads: Record<string, ReturnType<typeof bounded>> = {
    // A video and its English captions, or a photograph (whose own limit the library says).
    [UPLOAD_PATH]: bounded(UPLOAD_LIMITS.videoBytes + UPLOAD_LIMITS.captionBytes + MAX_BODY_BYTES, mb(UPLOAD_LIMITS.videoBytes)),
    [CAPTIONS_PATH]: bounded(UPLOAD_LIMITS.captionBytes + MAX_BODY_BYTES, mb(UPLOAD_LIMITS.captionBytes)),
  };
  // GET and HEAD carry no body the site reads, so none is bounded: asking a request for its body makes the
  // node server build the whole fetch Request (its headers copied, an AbortController, a stream), which was a
  // tenth of the server's CPU under a load of API lists (a CPU profile at 50,000 places).
  app.use("*", (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : (uploads[c.req.path] ?? anyBody)(c, next)));
  app.get("/back/api/openapi.json", (c) => c.json(openapi));
  app.get("/back/api/docs", (c) => c.html(apiReferencePage(openapi)));
  mount(app, API_BASE, endpoints, {
    cache: new AnswerCache(API_CACHE_BYTES, () => o.domain.content.version(), { trustVersionMs: 0 }),
    withinVersion: o.domain.content.withinVersion,
  });

  // A known API path asked with another method is a 405, not a 404.
  app.all(`${API_BASE}/*`, (c) => {
    const allowed = [...new Set(patterns.filter((p) => p.re.test(c.req.path)).map((p) => p.method))];
    if (allowed.length)
      throw new ApiError(405, `Use ${allowed.join(" or ")} for this address.`, { headers: { allow: allowed.join(", ") } });
    throw new ApiError(404, "There is no such API endpoint.");
  });
  app.all("/back/*", () => {
    throw new ApiError(404, "There is no such API endpoint.");
  });

  // The open datasets, their catalogue and schema (the /open-data page itself is a page).
  openDataRoutes(app, o.domain);
  // The events' calendar feeds (the events pages themselves are pages).
  eventFeedRoutes(app, o.domain, o.site);
  // What saving a city's page for offline downloads, measured on the pages themselves.
  if (o.pages && o.clientDir) tripPackRoutes(app, o.domain, o.library, o.pages, o.clientDir);

  // The few files of public/ by name: a catch-all would look on disk for every page first.
  if (o.clientDir) for (const path of ["/favicon.svg", "/icons/*"]) app.use(path, serveStatic({ root: o.clientDir }));
  // The service worker: checked on every visit, so a new build's worker is found at once (and never kept by a CDN).
  if (o.clientDir)
    app.get(
      "/sw.js",
      async (c, next) => {
        await next();
        if (c.res.status !== 200) return;
        c.res.headers.set("cache-control", "no-cache");
        // A worker runs under its own script's policy: it fetches this site's pages and files, nothing else.
        c.res.headers.set("content-security-policy", "default-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'");
      },
      serveStatic({ root: o.clientDir }),
    );
  // The editorial workspace: every request under /admin is checked (role, origin, no-store) before its page.
  const guard = workspaceGuard(o.domain, o.site);
  app.use("*", (c, next) => (isWorkspacePath(c.req.path) ? guard(c, next) : next()));
  if (o.pages) {
    const pages = o.pages;
    // A public page never reads a cookie: the header is taken off before the page is made.
    app.all("*", (c) => pages(isWorkspacePath(c.req.path) || !c.req.header("cookie") ? c.req.raw : withoutCookies(c.req.raw), c));
  }

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorBody(c, error);
    if (isDatabaseUnavailable(error)) {
      o.log.warn({ err: (error as Error).message, path: c.req.path }, "database unavailable");
      c.header("retry-after", "5");
      c.header("cache-control", "no-store");
      // Browsers asking for a page get a page; everything else the API's JSON.
      if (!c.req.path.startsWith("/back/") && (c.req.header("accept") ?? "").includes("text/html")) {
        return c.html(unavailablePage(splitLanguage(c.req.path).language), 503);
      }
      return c.json({ message: UNAVAILABLE }, 503);
    }
    o.log.error({ err: { message: (error as Error).message, stack: (error as Error).stack }, path: c.req.path }, "unhandled error");
    return c.json({ message: "Something went wrong on our side. Please try again later." }, 500);
  });
  app.notFound((c) => c.json({ message: "Not found." }, 404));
  return app;
}
