// A request's route pattern, for the metrics' labels: an API endpoint's declared path, else the part of the
// site it belongs to. Never the path itself (its ids and words would make a label per visitor's request).
import { pathPattern } from "../../shared/paths.ts";

/** The API's endpoints as patterns: their full path, method and expression (app.ts's 405 reads them too). */
type EndpointPattern = { method: string; path: string; re: RegExp };
export function endpointPatterns(base: string, endpoints: Array<{ method: string; path: string }>): EndpointPattern[] {
  return endpoints.map((e) => ({ method: e.method.toUpperCase(), path: `${base}${e.path}`, re: pathPattern(`${base}${e.path}`) }));
}

const PARTS: Array<[RegExp, string]> = [
  [/^\/assets\//, "/assets/*"],
  [/^\/media\/lib\//, "/media/lib/*"],
  [/^\/media\//, "/media/*"],
  [/^\/admin(\/|\.data$|$)/, "/admin/*"],
  [/^\/(healthz|readyz|metrics)$/, "$&"],
  [/^\/back\//, "api (no such endpoint)"],
];

export function routeLabels(api: EndpointPattern[]) {
  return (method: string, path: string): string => {
    const hit = api.find((e) => e.re.test(path) && (e.method === method || method === "HEAD"));
    if (hit) return hit.path;
    for (const [re, label] of PARTS) if (re.test(path)) return label === "$&" ? path : label;
    return "page";
  };
}
