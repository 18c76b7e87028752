// The language layout: every page sits under it, once unprefixed (English) and once per language prefix.
import { Outlet } from "react-router";
import type { Route } from "./+types/language";
import { languageOf } from "../lib/loader-params.server";

export function loader({ params }: Route.LoaderArgs) {
  return { language: languageOf(params) };
}

export default function LanguageLayout() {
  return <Outlet />;
}
