import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  isRouteErrorResponse,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useEnclosingRouteData } from "./lib/route-data";
import type { Route } from "./+types/root";
import { directionOf, isLanguageCode, DEFAULT_LANGUAGE, type LanguageCode } from "../shared/languages";
import { I18nProvider } from "./i18n/I18nProvider";
import { messagesFor } from "./i18n/messages.server";
import { domainOf, originOf } from "./lib/loader-params.server";
import { languageBootScript } from "./lib/language";
import { localePath } from "./lib/paths";
import { Navbar } from "./components/Navbar";
import { Footer } from "./components/Footer";
import { PageTransition } from "./components/PageTransition";
import { NotFoundPage } from "./components/NotFoundPage";
import { InlineStylesheet } from "./lib/stylesheet";
import type { WorkspaceLayoutData } from "./routes/admin/layout";
import { PicturesWait } from "./components/Picture";
import { followLinksAsPagesOffline } from "./lib/offline-links";
import { savesDataAsked } from "../shared/data-saver";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const domain = domainOf(context);
  const language: LanguageCode = isLanguageCode(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const languages = await domain.content.languages();
  return {
    language,
    languageId: languages.find((l) => l.code === language)?.id ?? 1,
    messages: messagesFor(language),
    languages,
    settings: await domain.content.localSettings(language),
    origin: originOf(context, request),
    year: new Date().getFullYear(),
    // Kept with the page by these headers (server/pages.ts), so a page kept for one visitor suits the next.
    savesData: savesDataAsked(request.headers),
  };
}

/**
 * The root's data (the language, its interface texts, the language list, the site settings) depends only
 * on the language prefix, so moving within one language does not fetch it again. That also keeps the frame
 * and the visitor's language on screen when a page's own data cannot be fetched (a dropped network, a
 * proxy's 502): the error page is then shown inside the site, not as a bare text.
 */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang;
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The editorial workspace's pages (under /admin) have their own frame and language. */
function useWorkspace(): WorkspaceLayoutData | undefined {
  const match = useMatches().find((m) => (m.handle as { workspace?: boolean } | undefined)?.workspace);
  return match?.loaderData as WorkspaceLayoutData | undefined;
}

/**
 * A page whose handle says `scripts: false` is sent without React Router's scripts. The offline page is one:
 * the service worker answers it at the address of a page never seen, where hydrating it would match that
 * other page's route and fetch its scripts, which the network cannot give.
 */
function useScripts(): boolean {
  return !useMatches().some((m) => (m.handle as { scripts?: boolean } | undefined)?.scripts === false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const workspace = useWorkspace();
  const scripts = useScripts();
  const language = workspace?.language ?? data?.language ?? DEFAULT_LANGUAGE;
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        {/* The visitor's saved language moves public pages only; the workspace has the account's language. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script text, allowed by its hash in the CSP. */}
        {data && !workspace && <script dangerouslySetInnerHTML={{ __html: languageBootScript(data.languages) }} />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data && !workspace && <link rel="manifest" href={localePath(language, "/manifest.webmanifest")} />}
        {data && !workspace && <link rel="apple-touch-icon" href="/icons/icon-192.png" />}
        <Meta />
        <Links />
        <InlineStylesheet />
      </head>
      <body>
        {children}
        {scripts && <ScrollRestoration />}
        {scripts && <Scripts />}
      </body>
    </html>
  );
}

/** Pages under /services have the special navbar and footer look of SPEC.md. */
function useVariant(): "services" | undefined {
  const matches = useMatches();
  return matches.some((m) => (m.handle as { variant?: string } | undefined)?.variant === "services") ? "services" : undefined;
}

function Frame({ children }: { children: React.ReactNode }) {
  const data = useEnclosingRouteData<RootData>("root");
  const variant = useVariant();
  // Marks the page as interactive (end-to-end tests wait for it before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // The service worker keeps seen pages for offline use (app/sw/service-worker.ts); a browser without one,
    // or one that refuses it (private modes), has the site as before.
    navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
    // Trip packs an earlier build saved are renewed by this build's worker, while the visitor is online.
    void navigator.serviceWorker?.ready.then((r) => navigator.onLine && r.active?.postMessage({ type: "trip-pack:refresh" }));
    return followLinksAsPagesOffline();
  }, []);
  return (
    <I18nProvider language={data.language} languageId={data.languageId} messages={data.messages}>
      <PageTransition />
      <Navbar languages={data.languages} variant={variant} />
      <main id="main">
        <PicturesWait.Provider value={data.savesData}>{children}</PicturesWait.Provider>
      </main>
      <Footer settings={data.settings} year={data.year} variant={variant} />
    </I18nProvider>
  );
}

export default function App() {
  if (useWorkspace()) return <Outlet />;
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<RootData>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!data) {
    // The root loader itself failed (the database is unreachable): a plain page without the frame.
    return (
      <main id="main">
        <h1>Visit Syria</h1>
        <p>The service is temporarily unavailable. Please try again in a moment.</p>
      </main>
    );
  }
  return (
    <Frame>
      <NotFoundPage kind={notFound ? "notFound" : "error"} />
    </Frame>
  );
}
