// What loaders need from the request: the domain, the website's configuration and the page's language.
import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { appContext } from "../request-context";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../shared/languages";
import { originFor } from "../../shared/site-config";

export function domainOf(context: Readonly<RouterContextProvider>) {
  return context.get(appContext).domain;
}

export function siteOf(context: Readonly<RouterContextProvider>) {
  return context.get(appContext).site;
}

/** The origin the page's absolute URLs are written with (server/compose.ts's PUBLIC_ORIGIN, or the request's). */
export function originOf(context: Readonly<RouterContextProvider>, request: Request): string {
  return originFor(siteOf(context), request.url);
}

/** The language of a page from its URL prefix; an unknown prefix (or an explicit /en) is a 404. */
export function languageOf(params: { lang?: string }): LanguageCode {
  const language = params.lang ?? DEFAULT_LANGUAGE;
  if (!isLanguageCode(language) || params.lang === DEFAULT_LANGUAGE) throw notFound();
  return language;
}

export function notFound() {
  return data(null, { status: 404 });
}

/** A route id parameter: a positive whole number, or the page does not exist. */
export function idParam(value: string | undefined): number {
  const n = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || n < 1) throw notFound();
  return n;
}
