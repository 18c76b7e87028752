// Builds the production site and starts it on a fresh embedded database with the seed content.
import { execFileSync } from "node:child_process";
import { CategoryKind } from "../domain/content/category-kind.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, type ServerProcess } from "./server-process.ts";

/** The build `npm start` makes: the site, then its service worker (package.json "build"). */
export function buildWebsite() {
  execFileSync("npm", ["run", "build"], { stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
}

export async function startWebsite(scratchDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer(
    { SQLITE_PATH: join(scratchDir, "site.sqlite"), MEDIA_DIR: "data/media", LOG_LEVEL: "warn", ...env },
    { timeoutMs: 600_000 },
  );
}

/** Resident set size of a process, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb * 1024;
}

/** Every public page of the site (unprefixed), found through the API, for audits that visit them all. */
export async function allRoutes(baseURL: string): Promise<string[]> {
  const api = `${baseURL}/back/api/user`;
  const json = async (path: string) => ((await (await fetch(api + path)).json()) as { data: any[] }).data;
  const categories = await json("/category1/category/language/1");
  const site = categories.find((c) => c.cat_type === CategoryKind.destinations);
  const cities = await json(`/city1/cities/category/${site.id}/language/1`);
  const places = await json(`/place1/places/city/${cities[0].id}/category/${site.id}/language/1`);
  const serviceTypes = await json(`/service1/services`);
  const events = await json("/event1/events");
  // Itineraries have no API: the first one the list page links to.
  const itineraries = await (await fetch(`${baseURL}/itineraries`)).text();
  const itinerary = /href="(\/itineraries\/[a-z0-9-]+)"/.exec(itineraries)?.[1] ?? "/itineraries/none-published";
  const base = `/cities/${site.id}/sites/${cities[0].id}/action/${places[0].id}`;
  return [
    "/",
    "/destinations",
    "/experiences",
    "/culture",
    "/about",
    "/contact",
    "/privacy",
    "/services",
    `/services/${serviceTypes[0].id}`,
    "/map",
    "/plan",
    "/plan/money",
    "/events",
    "/events?when=past",
    `/events/${events[0].slug}`,
    "/itineraries",
    itinerary,
    "/saved",
    "/offline",
    `/cities/${site.id}`,
    `/cities/${site.id}/sites/${cities[0].id}`,
    base,
    `${base}/info`,
    `${base}/sign`,
    `${base}/virtual`,
    `${base}/images`,
    `${base}/video`,
    `${base}/video?n=2`,
    "/page-that-does-not-exist",
  ];
}
