import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, isRouteErrorResponse, useRouteError } from "react-router";
import { directionOf, isLanguageCode, DEFAULT_LANGUAGE, type LanguageCode } from "../shared/languages";
import "./styles/global.css";

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("routes/language") as { language: LanguageCode } | undefined;
  const language = data && isLanguageCode(data.language) ? data.language : DEFAULT_LANGUAGE;
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main>
      <h1>{status === 404 ? "Page not found" : "Something went wrong"}</h1>
    </main>
  );
}
