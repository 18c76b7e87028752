// What loaders need from the request: the domain and the page's language.
import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { appContext } from "../request-context";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../shared/languages";

export function domainOf(context: Readonly<RouterContextProvider>) {
  return context.get(appContext).domain;
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
