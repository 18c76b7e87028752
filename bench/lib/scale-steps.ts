// The scale case's steps before the editor publishes (bench/parts/scale.ts): the editor signs in, the
// workspace's lists, the target found through the public API, the first answers, and search latency.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { API, SEARCH_QUERIES } from "./traffic.ts";
import { timed } from "../../harness/workspace-forms.ts";
import { open, signIn, workspaceAccount } from "../../harness/workspace-probes.ts";
import { cell, FROM, type Item, PAGE, pct, SEARCHES, type Series } from "./scale-case.ts";
import type { Found, Page, Session } from "./scale-server.ts";
import { type SearchRequest, searchRequest } from "./search-client.ts";

/** The English names of an item's category and city, from the set's own files. */
function placeOf(dir: string, item: Item): { category: string; city: string } {
  const folder = { site: "places", culture: "culture", service: "services" }[item.type] ?? item.type;
  const body = parse(readFileSync(join(dir, folder, `${item.slug}.yaml`), "utf8")) as { category: string; city: string };
  const english = (file: string, slug: string) =>
    (parse(readFileSync(join(dir, file), "utf8")) as Array<{ slug: string; name: { en: string } }>).find((x) => x.slug === slug)?.name.en;
  const category = english("categories.yaml", body.category);
  const city = english("cities.yaml", body.city);
  if (!category || !city) throw new Error(`${item.slug}: its category or city is not in the set`);
  return { category, city };
}

export async function signInEditor(s: Session): Promise<boolean> {
  const { setup, base, note, step } = s;
  const { limits } = setup;
  // An editor, signed in through the form.
  await step("sign-in", limits.request * 2, async () => {
    note("signing in");
    const email = await workspaceAccount(setup.database, "editor");
    const signedIn = await signIn(base(), FROM, email);
    if (signedIn.answer.status !== 303) throw new Error(`sign-in answered ${signedIn.answer.status}`);
    s.signedIn(signedIn.jar);
  });
  return s.jar() !== undefined;
}

export async function workspaceLists(s: Session) {
  const { ctx, c, label, base, step } = s;
  const { limits } = s.setup;
  // The workspace's lists at this size: pages of 50 read by columns beside the bodies, never every body.
  await step("lists", 5 * 8 * limits.request, async (stopped) => {
    const lists: Array<[string, Series]> = [
      ["/admin/content?type=site", c.workspaceListMs],
      ["/admin/content?type=site&city=damascus&state=published&sort=title&page=2", c.workspaceListMs],
      ["/admin/content?type=site&q=citadel", c.workspaceListMs],
      // Found by a misspelt Arabic name (غ for ع), and filtered by columns a body would otherwise be read for.
      [`/admin/content?type=site&q=${encodeURIComponent("الجامغ الاموي")}`, c.workspaceListMs],
      ["/admin/content?type=service&governorate=homs&state=changed", c.workspaceListMs],
      ["/admin/content?type=culture&problems=yes&translation=ar%3Amissing&sort=updated", c.workspaceListMs],
      ["/admin/translations", c.translationsMs],
      ["/admin/translations?language=fr&state=all&page=3", c.translationsMs],
    ];
    for (let round = 0; round < 5 && !stopped(); round++)
      for (const [path, into] of lists) {
        const started = performance.now();
        const answer = await open(base(), FROM, s.jar()!, path, limits.request);
        if (!("status" in answer) || answer.status !== 200)
          throw new Error(`${path} answered ${"status" in answer ? answer.status : "nothing"}`);
        into.push(Math.round(performance.now() - started));
      }
  });
  ctx.log(`${label}: workspace list ${cell(c.workspaceListMs)} ms, translations ${cell(c.translationsMs)} ms`);
}

/** The target's public place, with the paths of its page and of its city's list. */
export type Place = { id: number; pagePath: string; listPath: string };

export async function findPlace(s: Session): Promise<Place | undefined> {
  const { setup, note, step, json } = s;
  const { limits, target } = setup;
  // The target's public place, found through the API's lists as the app finds it (not the search, which
  // has its own step).
  let found: { id: number; category: number; city: number } | undefined;
  await step("find the place", limits.request * 10, async () => {
    note("answering the API's lists");
    const names = placeOf(setup.dir, target);
    type Named = { id: number; cat_name?: string; city_name?: string };
    const category = (await json<Page<Named>>("/category1/category/language/1")).data.find((x) => x.cat_name === names.category);
    if (!category) throw new Error(`no category ${names.category} in the API`);
    const city = (await json<Page<Named>>(`/city1/cities/category/${category.id}/language/1`)).data.find((x) => x.city_name === names.city);
    if (!city) throw new Error(`no city ${names.city} in the API`);
    for (let page = 1, last = 1; page <= last && !found; page++) {
      const list = await json<Page<Found>>(`/place1/places/city/${city.id}/category/${category.id}/language/1?page=${page}&per_page=50`);
      last = Math.min(list.meta?.last_page ?? 1, 1000);
      const place = list.data.find((p) => p.place_name === target.name);
      if (place) found = { id: place.id, category: category.id, city: city.id };
    }
    if (!found) throw new Error(`${target.name} is not in its city's list`);
  });
  if (!found) return undefined;
  return {
    id: found.id,
    pagePath: `/cities/${found.category}/sites/${found.city}/action/${found.id}`,
    listPath: `${API}/place1/places/city/${found.city}/category/${found.category}/language/1`,
  };
}

export async function warmUp(s: Session, { id: placeId, pagePath }: Place) {
  const { ctx, c, label, base, api, note, step, get } = s;
  const { limits } = s.setup;
  await step("warm-up", limits.request * 3, async () => {
    note("answering the first page and API requests");
    for (const url of [base() + pagePath, `${api()}/place1/places/${placeId}`, base() + PAGE])
      if ((await get(url)).status !== 200) throw new Error(`${url}: not 200`);
    c.rssAfterLoadMB = s.rssMB();
  });
  ctx.log(`${label}: started in ${c.startMs} ms, RSS ${c.rssAfterLoadMB ?? "–"} MB after the first page and API answers`);
}

/** The searches' milliseconds, each asked in turn by a process of their own (bench/lib/search-client.ts). */
function timedSearches(url: string, warmUp: SearchRequest, requests: SearchRequest[], requestMs: number, allMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(import.meta.dirname, "search-client.ts")],
      { timeout: allMs, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => (error ? reject(new Error(stderr.trim() || error.message)) : resolve(JSON.parse(stdout) as number[])),
    );
    child.stdin?.end(JSON.stringify({ url, warmUp, requests, limitMs: requestMs }));
  });
}

export async function searchLatency(s: Session, { id: placeId }: Place) {
  const { ctx, c, label, note, step, search } = s;
  const { limits, target } = s.setup;
  // The first search on this server builds its index; then search latency, unloaded: each query and page
  // asked once (no answer comes from the answer cache), by a client process of their own (timedSearches).
  await step("first search", limits.request, async () => {
    note("answering the first search");
    const { ms, value } = await timed(() => search(target.name));
    c.firstSearchMs = ms;
    if (!value.some((p) => p.id === placeId)) throw new Error(`the search for "${target.name}" does not find it in its first 10`);
  });
  if (s.searchKills()) c.failures.search = "not measured: searching killed the server";
  else
    await step("search", limits.search, async () => {
      note("answering searches");
      const requests = SEARCH_QUERIES.flatMap((q) =>
        Array.from({ length: Math.ceil(SEARCHES / SEARCH_QUERIES.length) }, (_, i) => searchRequest(q.name, i + 1, q.language)),
      ).slice(0, SEARCHES);
      // The client warms up on the first search, whose answer the server keeps.
      c.searchMs.push(...(await timedSearches(s.api(), searchRequest(target.name), requests, limits.request, limits.search)));
    });
  ctx.log(
    `${label}: first search ${c.firstSearchMs ?? "–"} ms; ${c.searchMs.length} searches, p50 ${pct(c.searchMs, 50)} ms, p99 ${pct(c.searchMs, 99)} ms`,
  );
}
