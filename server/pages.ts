// Hands page requests to React Router's server build. Rendered pages are kept in memory by URL and content
// version (every public page depends on its URL alone), already compressed, so a warm page costs a lookup.
// Inline scripts are allowed by their hashes, computed from the final HTML, so a cached page keeps a
// valid Content-Security-Policy.
import { createHash } from "node:crypto";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Context } from "hono";
import type { PageHandler } from "./app.ts";
import type { Domain } from "../domain/domain.ts";
import { pageCsp } from "./http/headers.ts";
import { compressBest, compressBody, MIN_COMPRESS_BYTES, pickEncoding } from "./http/compression.ts";
import { etagOf } from "./http/caching.ts";
import { clientKey } from "./http/client.ts";
import { isDatabaseUnavailable } from "./http/errors.ts";
import { VIRTUAL_TOUR_HOSTS } from "../shared/limits.ts";
import { isWorkspacePath, PREVIEW_ROUTE, workspaceRouteOf } from "../shared/workspace-routes.ts";
import { plainPage } from "./http/workspace-guard.ts";
import { workspaceLanguage, workspaceMessages } from "../app/i18n/workspace-messages.ts";
import type { SignedIn } from "../domain/workspace/service.ts";
import type { Previewer } from "./preview.ts";
import { isEditingError } from "../domain/content/editing.ts";
import { isLanguageCode } from "../shared/languages.ts";
import { asForwarded } from "./http/forwarded.ts";

/** What app/entry.server.tsx exports besides its request handler: the context key loaders read. */
type EntryExtras = { appContext: Parameters<RouterContextProvider["set"]>[0] };

type Bytes = Uint8Array<ArrayBuffer>;
type Cached = { status: number; headers: [string, string][]; body: Bytes; etag: string; encoded: Partial<Record<"br" | "gzip", Bytes>> };

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;
const MAX_ENTRIES = 2000;
/** How long the content version is trusted before it is read again (so a warm page costs no query). */
export const VERSION_TTL_MS = 1000;

/**
 * A cached page is sent to many visitors: while the first ones get it at the quick brotli level, it is
 * compressed at the best level in the background, and later visitors get the smaller body (the home page:
 * 23.2 kB at level 5, 20.1 kB at level 11). Should that fail, the quick body stays.
 */
function compressBestLater(entry: Cached) {
  if (entry.body.length < MIN_COMPRESS_BYTES) return;
  compressBest(entry.body, "br").then(
    (best) => {
      entry.encoded.br = best;
    },
    () => {},
  );
}

export function scriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`);
}

export async function pageHandler(
  build: ServerBuild,
  domain: Domain,
  {
    mode,
    trustProxy = false,
    cacheEntries = MAX_ENTRIES,
    preview,
    onCache = () => {},
  }: {
    mode: string;
    trustProxy?: boolean;
    cacheEntries?: number;
    preview?: Previewer;
    /** Told whether each public page came from the cache (the metrics). */
    onCache?: (hit: boolean) => void;
  },
): Promise<PageHandler> {
  const handle = createRequestHandler(build, mode === "development" ? "development" : "production");
  const { appContext } = build.entry.module as unknown as EntryExtras;
  const cache = new Map<string, Cached>();
  let version = { value: -1, checkedAt: 0 };

  async function contentVersion(): Promise<number> {
    const now = Date.now();
    if (now - version.checkedAt > VERSION_TTL_MS) {
      const value = await domain.content.version();
      if (value !== version.value) cache.clear();
      version = { value, checkedAt: now };
    }
    return version.value;
  }

  async function render(request: Request, c: Context, site = domain): Promise<Cached> {
    const context = new RouterContextProvider();
    const errors: unknown[] = [];
    // Only the workspace's guard knows who is signed in, and it runs for /admin alone; a public page never
    // has a cookie to read (server/app.ts takes the header off).
    const workspace = c.get("workspaceUser") as SignedIn | undefined;
    context.set(appContext, { domain: site, client: clientKey(c, trustProxy), errors, workspace });
    const res = await handle(request, context);
    // A loader that failed because the database is unreachable makes the page a 503 (answered by the app's
    // error handler, with the unavailable page), not a 500 that blames the site.
    const outage = errors.find(isDatabaseUnavailable);
    if (outage) throw outage;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if ((headers.get("content-type") ?? "").startsWith("text/html")) {
      headers.set("content-security-policy", pageCsp(scriptHashes(new TextDecoder().decode(body)), VIRTUAL_TOUR_HOSTS));
    }
    return { status: res.status, headers: [...headers], body, etag: etagOf(body), encoded: {} };
  }

  function respond(entry: Cached, c: Context): Response {
    const headers = new Headers(entry.headers);
    headers.set("etag", entry.etag);
    headers.append("vary", "Accept-Encoding");
    const encoding = entry.body.length >= MIN_COMPRESS_BYTES ? pickEncoding(c.req.header("accept-encoding")) : undefined;
    if (!encoding) return new Response(entry.body, { status: entry.status, headers });
    const encoded = (entry.encoded[encoding] ??= compressBody(entry.body, encoding));
    headers.set("content-encoding", encoding);
    return new Response(encoded, { status: entry.status, headers });
  }

  /**
   * /admin/preview/{type}/{slug}?lang=ar: the public page of a draft, rendered by the public route on the
   * preview's own content. Its scripts are left out: they would take over a page whose address is not
   * theirs, and what an editor checks is how it looks.
   */
  async function previewPage(draftSite: Previewer, url: URL, request: Request, c: Context): Promise<Response> {
    const [type, slug] = url.pathname.split("/").slice(3);
    // The guard has let only an account with content.read come this far.
    const who = c.get("workspaceUser") as SignedIn;
    const language = workspaceLanguage(who.account.uiLanguage, null);
    const t = workspaceMessages(language);
    const refused = (status: number, text: string) => plainPage(status, language, text);
    const asked = url.searchParams.get("lang");
    try {
      const { domain: site, path } = await draftSite(who.account, type, slug, isLanguageCode(asked) ? asked : "en");
      const entry = await render(new Request(new URL(path, url.origin), { headers: request.headers }), c, site);
      const html = new TextDecoder()
        .decode(entry.body)
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
        .replace(/<link rel="modulepreload"[^>]*>/g, "");
      const headers = new Headers(entry.headers);
      headers.set("content-security-policy", pageCsp([], VIRTUAL_TOUR_HOSTS));
      headers.set("x-robots-tag", "noindex");
      return new Response(html, { status: entry.status, headers });
    } catch (error) {
      if (isEditingError(error)) return error.code === "forbidden" ? refused(403, t.errors.forbidden) : refused(404, t.errors.notFound);
      throw error;
    }
  }

  return async (received, c) => {
    const request = trustProxy ? asForwarded(received) : received;
    const url = new URL(request.url);
    if (preview && request.method === "GET" && workspaceRouteOf(url.pathname)?.path === PREVIEW_ROUTE && !url.pathname.endsWith(".data"))
      return previewPage(preview, url, request, c);
    // Workspace pages depend on who asks: rendered each time, never kept.
    if (isWorkspacePath(url.pathname) || (request.method !== "GET" && request.method !== "HEAD"))
      return respond(await render(request, c), c);
    // HEAD is answered from the same rendering as GET (rendered as a GET), without the body: a HEAD must
    // never put an empty page into the cache.
    const head = request.method === "HEAD";
    const get = head ? new Request(request.url, { method: "GET", headers: request.headers }) : request;
    // With the database down this throws, and the app's error handler answers 503.
    const key = `${await contentVersion()} ${url.pathname}${url.search}`;
    let entry = cache.get(key);
    onCache(entry !== undefined);
    if (!entry) {
      entry = await render(get, c);
      // Only answers that depend on the URL alone are kept: pages and their data, found or not found.
      if ((entry.status === 200 || entry.status === 404) && !entry.headers.some(([k]) => k === "set-cookie")) {
        if (cache.size >= cacheEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, entry);
        compressBestLater(entry);
      }
    }
    const res = respond(entry, c);
    return head ? new Response(null, { status: res.status, headers: res.headers }) : res;
  };
}
