import { Outlet, data } from "react-router";
import type { Route } from "./+types/language";
import { isLanguageCode, DEFAULT_LANGUAGE } from "../../shared/languages";

export function loader({ params }: Route.LoaderArgs) {
  const language = params.lang ?? DEFAULT_LANGUAGE;
  // An explicit /en prefix is not a URL of ours (English is unprefixed), nor is an unknown code.
  if (!isLanguageCode(language) || params.lang === DEFAULT_LANGUAGE) throw data(null, { status: 404 });
  return { language };
}

export default function LanguageLayout() {
  return <Outlet />;
}
