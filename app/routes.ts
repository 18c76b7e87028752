import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every page exists once per language: unprefixed for English, under /ar, /fr, ... for the others.
export default [
  route(":lang?", "routes/language.tsx", [
    index("routes/home.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
