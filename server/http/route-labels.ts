// A request's route pattern, for the metrics' labels: an API endpoint's declared path, else the part of the
// site it belongs to. Never the path itself (its ids and words would make a label per visitor's request).
import { API_BASE } from "../api/index.ts";

const PARTS: Array<[RegExp, string]> = [
  [/^\/assets\//, "/assets/*"],
  [/^\/media\/lib\//, "/media/lib/*"],
  [/^\/media\//, "/media/*"],
  [/^\/admin(\/|\.data$|$)/, "/admin/*"],
  [/^\/(healthz|readyz|metrics)$/, "$&"],
  [/^\/back\//, "api (no such endpoint)"],
];

export function routeLabels(endpoints: Array<{ method: string; path: string }>) {
  const api = endpoints.map((e) => ({
    method: e.method.toUpperCase(),
    path: e.path,
    re: new RegExp(`^${e.path.replace(/:\w+/g, "[^/]+").replace(/\./g, "\\.")}$`),
  }));
  return (method: string, path: string): string => {
    if (path.startsWith(API_BASE)) {
      const hit = api.find((e) => e.re.test(path) && (e.method === method || method === "HEAD"));
      if (hit) return hit.path;
    }
    for (const [re, label] of PARTS) if (re.test(path)) return label === "$&" ? path : label;
    return "page";
  };
}
