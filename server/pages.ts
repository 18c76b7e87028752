// Hands page requests to React Router's server build. Rendered pages are kept in memory by URL and content
// version (every public page depends on its URL alone), already compressed, so a warm page costs a lookup.
// Inline scripts are allowed by their hashes, computed from the final HTML, so a cached page keeps a
// valid Content-Security-Policy.
import { createHash } from "node:crypto";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Context } from "hono";
import type { PageHandler } from "./app.ts";
import type { Domain } from "../domain/domain.ts";
import type { SiteConfig } from "../shared/site-config.ts";
import { pageCsp } from "./http/headers.ts";
import { type Answer, AnswerCache, respondOnce } from "./http/answer-cache.ts";
import { deferScripts } from "./http/deferred-scripts.ts";
import { clientKey } from "./http/client.ts";
import { isDatabaseUnavailable } from "./http/errors.ts";
import { VIRTUAL_TOUR_HOSTS } from "../shared/limits.ts";
import { isWorkspacePath, PREVIEW_ROUTE, workspaceRouteOf } from "../shared/workspace-routes.ts";
import { plainPage } from "./http/workspace-guard.ts";
import { workspaceLanguage, workspaceMessages } from "../app/i18n/workspace-messages.ts";
import type { SignedIn } from "../domain/workspace/service.ts";
import type { Previewer } from "./preview.ts";
import { isEditingError, type Editor } from "../domain/content/editing.ts";
import { REVIEW_PREFIX, reviewLinkReader } from "../domain/content/review.ts";
import { isLanguageCode, type LanguageCode } from "../shared/languages.ts";
import { splitLanguage } from "../shared/paths.ts";
import { damascusToday } from "../shared/damascus-time.ts";
import { asForwarded } from "./http/forwarded.ts";
import { DATA_SAVER_HINTS, DATA_SAVER_VARY, savesDataAsked } from "../shared/data-saver.ts";

/** What app/entry.server.tsx exports besides its request handler: the context key loaders read. */
type EntryExtras = { appContext: Parameters<RouterContextProvider["set"]>[0] };

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;
/** Rendered pages kept: about 500 pages with their brotli bodies (a page is 60-150 kB, 15-30 kB compressed). */
const CACHE_BYTES = 48 * 2 ** 20;

export function scriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`);
}

export async function pageHandler(
  build: ServerBuild,
  domain: Domain,
  site: SiteConfig,
  {
    mode,
    trustProxy = false,
    cacheBytes = CACHE_BYTES,
    preview,
    onCache = () => {},
  }: {
    mode: string;
    trustProxy?: boolean;
    cacheBytes?: number;
    preview?: Previewer;
    /** Told whether each public page came from the cache (the metrics). */
    onCache?: (hit: boolean) => void;
  },
): Promise<PageHandler> {
  const handle = createRequestHandler(build, mode === "development" ? "development" : "production");
  const { appContext } = build.entry.module as unknown as EntryExtras;
  const cache = new AnswerCache(cacheBytes, () => domain.content.version());
  const tileOrigins = site.mapTiles ? [new URL(site.mapTiles).origin] : [];
  async function render(request: Request, c: Context, withDomain = domain): Promise<Answer> {
    const context = new RouterContextProvider();
    const errors: unknown[] = [];
    // Only the workspace's guard knows who is signed in, and it runs for /admin alone; a public page never
    // has a cookie to read (server/app.ts takes the header off).
    const workspace = c.get("workspaceUser") as SignedIn | undefined;
    context.set(appContext, { domain: withDomain, site, client: clientKey(c, trustProxy), errors, workspace });
    const res = await handle(request, context);
    // A loader that failed because the database is unreachable makes the page a 503 (answered by the app's
    // error handler, with the unavailable page), not a 500 that blames the site.
    const outage = errors.find(isDatabaseUnavailable);
    if (outage) throw outage;
    let body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    // A page shows its pictures or waits for a tap by these request headers (shared/data-saver.ts).
    headers.append("vary", DATA_SAVER_VARY);
    headers.set("accept-ch", DATA_SAVER_HINTS);
    if ((headers.get("content-type") ?? "").startsWith("text/html")) {
      const html = deferScripts(new TextDecoder().decode(body));
      body = new TextEncoder().encode(html);
      headers.set("content-security-policy", pageCsp(scriptHashes(html), VIRTUAL_TOUR_HOSTS, tileOrigins));
    }
    return { status: res.status, headers, body };
  }

  /**
   * The public page of a draft, rendered by the public route on the preview's own content, for `reader`. Its
   * scripts are left out: they would take over a page whose address is not theirs, and what is checked is how
   * it looks. Refused (a plain page in `language`) when the item is not there or not whole yet.
   */
  async function draftPage(
    withDraft: Previewer,
    reader: Editor,
    { type, slug, language }: { type: string; slug: string; language: LanguageCode },
    url: URL,
    request: Request,
    c: Context,
  ): Promise<Response> {
    const t = workspaceMessages(language);
    const refused = (status: number, text: string) => plainPage(status, language, text);
    const asked = url.searchParams.get("lang");
    try {
      const entry = await withDraft(reader, type, slug, isLanguageCode(asked) ? asked : "en", (draftDomain, path) =>
        render(new Request(new URL(path, url.origin), { headers: request.headers }), c, draftDomain),
      );
      const html = new TextDecoder()
        .decode(entry.body)
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
        .replace(/<link rel="modulepreload"[^>]*>/g, "");
      const headers = new Headers(entry.headers);
      headers.set("content-security-policy", pageCsp([], VIRTUAL_TOUR_HOSTS, tileOrigins));
      headers.set("x-robots-tag", "noindex");
      return new Response(html, { status: entry.status, headers });
    } catch (error) {
      if (isEditingError(error)) {
        if (error.code === "forbidden") return refused(403, t.errors.forbidden);
        // A half-written draft has no public page yet: its own page in the workspace lists what it lacks.
        return error.code === "unfinished" ? refused(409, t.errors.unfinished) : refused(404, t.errors.notFound);
      }
      throw error;
    }
  }

  /** /admin/preview/{type}/{slug}?lang=ar: a draft's public page for the editor signed in. */
  async function previewPage(withDraft: Previewer, url: URL, request: Request, c: Context): Promise<Response> {
    const [type, slug] = url.pathname.split("/").slice(3);
    // The guard has let only an account with content.read come this far.
    const who = c.get("workspaceUser") as SignedIn;
    const language = workspaceLanguage(who.account.uiLanguage, null);
    return draftPage(withDraft, who.account, { type, slug, language }, url, request, c);
  }

  /**
   * /review/{token}?lang=ar: the draft an outside reviewer's private link opens (decision 031), read-only, with
   * no cookie and no account: the token is the whole permission, so the answer is never kept, indexed or sent
   * on as a referrer. An unknown, expired or revoked link is a plain 404.
   */
  async function reviewerPage(withDraft: Previewer, url: URL, request: Request, c: Context): Promise<Response> {
    const asked = url.searchParams.get("lang");
    const language = workspaceLanguage(undefined, asked);
    const link = await domain.review.openLink(url.pathname.slice(REVIEW_PREFIX.length));
    const res = link
      ? await draftPage(withDraft, reviewLinkReader(link.createdBy), { ...link, language }, url, request, c)
      : plainPage(404, language, workspaceMessages(language).review.linkGone);
    res.headers.set("cache-control", "no-store");
    res.headers.set("referrer-policy", "no-referrer");
    res.headers.set("x-robots-tag", "noindex");
    return res;
  }

  /**
   * A page view counted (decision 033): its path (a client navigation's .data request is its page) and
   * language, whether the cache answered it, and the host of another site that sent the visitor there. The
   * Referer says no more than an origin to other sites (the pages' referrer policy), and only its host is kept.
   */
  function countView(url: URL, cached: boolean, referer: string | null) {
    const { language, path } = splitLanguage(url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/"));
    domain.statistics.page(path, language, cached);
    const from = referer && URL.canParse(referer) ? new URL(referer) : null;
    if (from && from.host !== url.host && !url.pathname.endsWith(".data")) domain.statistics.referrer(from.host);
  }

  return async (received, c, measuring = false) => {
    const request = trustProxy ? asForwarded(received) : received;
    const url = new URL(request.url);
    if (preview && request.method === "GET" && workspaceRouteOf(url.pathname)?.path === PREVIEW_ROUTE && !url.pathname.endsWith(".data"))
      return previewPage(preview, url, request, c);
    if (preview && request.method === "GET" && url.pathname.startsWith(REVIEW_PREFIX)) return reviewerPage(preview, url, request, c);
    // Workspace pages depend on who asks: rendered each time, never kept.
    if (isWorkspacePath(url.pathname) || (request.method !== "GET" && request.method !== "HEAD")) {
      const answer = await render(request, c);
      // A workspace form may have published: this instance's next page reads the version again, so the editor
      // sees the change at once, not up to a second later (a read of one row, found unchanged after a save).
      if (request.method === "POST" && isWorkspacePath(url.pathname)) cache.recheckVersion();
      return respondOnce(answer, c.req.header("accept-encoding"));
    }
    // HEAD is answered from the same rendering as GET (rendered as a GET), without the body: a HEAD must
    // never put an empty page into the cache.
    const head = request.method === "HEAD";
    const get = head ? new Request(request.url, { method: "GET", headers: request.headers }) : request;
    // With the database down this throws, and the app's error handler answers 503.
    // The day is in the key too: a fact past its review date says so from that day on (decision 029).
    const key = `${await cache.version()} ${damascusToday()} ${savesDataAsked(request.headers) ? "lite " : ""}${url.pathname}${url.search}`;
    const accepted = c.req.header("accept-encoding");
    let res = cache.respond(key, accepted);
    const cached = res !== undefined;
    onCache(cached);
    if (!res) {
      // Requests for this page while it is being rendered share that rendering (a publish empties the cache).
      let { value: answer, shared } = await cache.once(key, () => render(get, c));
      // Only answers that depend on the URL alone are kept: pages and their data, found or not found.
      const keep = (answer.status === 200 || answer.status === 404) && !answer.headers.has("set-cookie");
      // An answer that sets a cookie is its own request's, never shared.
      if (shared && answer.headers.has("set-cookie")) answer = await render(get, c);
      res = (shared && cache.respond(key, accepted)) || (keep ? cache.keep(key, answer, accepted) : respondOnce(answer, accepted));
    }
    // Pages and client navigations, not the sitemap, robots.txt or the manifest.
    const isPage = (res.headers.get("content-type") ?? "").startsWith("text/html") || url.pathname.endsWith(".data");
    if (res.status === 200 && !head && isPage && !measuring) countView(url, cached, request.headers.get("referer"));
    return head ? new Response(null, { status: res.status, headers: res.headers }) : res;
  };
}
