// The scale case's publishing steps (bench/parts/scale.ts): the editor's runs watched on the public site, the
// page's and a list's rates alone and during a publish a second, more publishes, the open data, previews.
import { runCannon, type Run } from "./http-cannon.ts";
import { BROWSER_HEADERS } from "./traffic.ts";
import { withField } from "../../harness/form-fields.ts";
import { timed } from "../../harness/workspace-forms.ts";
import { cell, CONNECTIONS, PAGE, POLL_MS, SLICES, sleep, VISIBLE_LIMIT_MS } from "./scale-case.ts";
import type { Session } from "./scale-server.ts";
import type { Place } from "./scale-steps.ts";

/** The editor's drafts of the target: each opens it and saves a new summary. */
export function drafts(s: Session) {
  const { c, forms } = s;
  const { target } = s.setup;
  const original = { summary: "" };
  /** Opens the target and saves a new summary; the runs' (unloaded) timings are kept, not the others'. */
  const cycle = async (token: string, record: boolean) => {
    const opened = await forms().open(target);
    original.summary ||= opened.fields.find(([n]) => n === "summary.en")?.[1] ?? "";
    if (!original.summary) throw new Error("the edit page has no summary.en field");
    const saved = await forms().save(target, withField(opened.fields, "summary.en", `${original.summary} (${token})`));
    if (record) {
      c.editPageMs.push(opened.ms);
      c.saveMs.push(saved.ms);
    }
    return saved.revision;
  };
  return { cycle, nonce: Date.now().toString(36) };
}
type Drafts = ReturnType<typeof drafts>;

/** From a publish until the search, the API and the page show the token; the first search that does, timed alone. */
async function visibility(s: Session, { id: placeId, pagePath }: Place, token: string, startedAt: number, stopped: () => boolean) {
  const { base, api, note, get, search } = s;
  const { target } = s.setup;
  const seen: { search?: number; api?: number; page?: number; firstSearch?: number } = {};
  const watched = s.searchKills() ? (["api", "page"] as const) : (["search", "api", "page"] as const);
  const since = () => Math.round(performance.now() - startedAt);
  while (since() < VISIBLE_LIMIT_MS && !stopped()) {
    if (!s.searchKills() && seen.search === undefined) {
      note("answering a search after a publish");
      const { ms, value } = await timed(() => search(target.name));
      if (value.find((p) => p.id === placeId)?.description.includes(token)) {
        seen.search = since();
        seen.firstSearch = ms;
      }
    }
    note("answering the public API and page after a publish");
    if (seen.api === undefined) {
      const answer = await get(`${api()}/place1/places/${placeId}`);
      if (answer.status === 200 && answer.text.includes(token)) seen.api = since();
    }
    if (seen.page === undefined) {
      const answer = await get(base() + pagePath);
      if (answer.status === 200 && answer.text.includes(token)) seen.page = since();
    }
    if (watched.every((k) => seen[k] !== undefined)) break;
    await sleep(POLL_MS);
  }
  return { seen, missing: watched.filter((k) => seen[k] === undefined) };
}

// The editor's runs: open, save, publish and watch the public site; another place off and on.
export async function editorRuns(s: Session, place: Place, { cycle, nonce }: Drafts) {
  const { ctx, c, label, step, forms } = s;
  const { setup } = s;
  const { limits, target, other } = setup;
  let runsDone = 0;
  await step("runs", setup.runs * (6 * limits.request + VISIBLE_LIMIT_MS), async (stopped) => {
    for (let run = 1; run <= setup.runs && !stopped(); run++) {
      const token = `scale-check-${nonce}-${run}`;
      const revision = await cycle(token, true);
      const startedAt = performance.now();
      c.publishMs.push(await forms().act(target, revision, "publish"));
      s.published();
      const { seen, missing } = await visibility(s, place, token, startedAt, stopped);
      if (seen.search !== undefined) c.toSearchMs.push(seen.search);
      if (seen.api !== undefined) c.toApiMs.push(seen.api);
      if (seen.page !== undefined) c.toPageMs.push(seen.page);
      if (seen.firstSearch !== undefined) c.firstSearchAfterPublishMs.push(seen.firstSearch);
      if (missing.length) c.failures.visible = `run ${run}: not shown in ${missing.join(", ")} within ${VISIBLE_LIMIT_MS / 1000} s`;
      c.unpublishMs.push(await forms().act(other, (await forms().open(other)).revision, "unpublish"));
      c.publishOffSiteMs.push(await forms().act(other, (await forms().open(other)).revision, "publish"));
      s.published();
      runsDone = run;
    }
  });
  if (c.failures.runs) c.failures.runs += ` (after ${runsDone} of ${setup.runs} runs)`;
  if (s.searchKills() && !c.failures.visible && c.toPageMs.length)
    c.failures.visible = "the public search not watched: searching killed the server";
  ctx.log(`${label}: save ${cell(c.saveMs)} ms, publish ${cell(c.publishMs)} ms, to page ${cell(c.toPageMs)} ms`);
}

// The warm page and the list, alone and during publishes, in alternate slices.
export async function rates(s: Session, { listPath }: Place, { cycle, nonce }: Drafts) {
  const { ctx, c, label, base, note, step, get, forms } = s;
  const { setup } = s;
  const { limits, target } = setup;
  /** One publish a second (or back to back, when one takes longer), each of a new summary, until stopped. */
  let stormFailure: string | undefined;
  const storm = () => {
    let stopping = false;
    const running = (async () => {
      let next = performance.now();
      while (!stopping) {
        while (!stopping && performance.now() < next) await sleep(Math.min(50, next - performance.now()));
        if (stopping) break;
        next = performance.now() + 1000;
        const revision = await cycle(`scale-storm-${nonce}-${c.publishes}`, false);
        c.stormPublishMs.push(await forms().act(target, revision, "publish"));
        s.published();
      }
    })().catch((error) => {
      stormFailure = (error as Error).message;
    });
    return async () => {
      stopping = true;
      await running;
    };
  };
  const slice = Math.max(2, Math.round(setup.seconds / SLICES));
  const rate = (r: Run) => Math.round(Object.values(r.statuses).reduce((a, b) => a + b, 0) / r.seconds);
  const bad = (r: Run) =>
    r.errors +
    Object.entries(r.statuses)
      .filter(([code]) => !code.startsWith("2"))
      .reduce((n, [, k]) => n + k, 0);
  await step("rates", 2 * SLICES * (2 * (slice * 1000 + 11_000) + 5 * limits.request + 1500), async (stopped) => {
    for (const [path, alone, during] of [
      [PAGE, c.pageRps, c.pageRpsStorm],
      [listPath, c.listRps, c.listRpsStorm],
    ] as const) {
      for (let i = 0; i < SLICES && !stopped(); i++) {
        // The last publish is noticed by the pages within a second: the quiet slice starts after it, warm.
        await sleep(1500);
        for (let k = 0; k < 2; k++) await get(base() + path, BROWSER_HEADERS);
        note(`answering ${path} to ${CONNECTIONS} connections`);
        const quiet = await runCannon({ url: base() + path, connections: CONNECTIONS, duration: slice, headers: BROWSER_HEADERS });
        alone.push(rate(quiet));
        const stop = storm();
        const busy = await runCannon({ url: base() + path, connections: CONNECTIONS, duration: slice, headers: BROWSER_HEADERS });
        await stop();
        if (stormFailure) throw new Error(`a publish during the load failed: ${stormFailure}`);
        during.push(rate(busy));
        c.loadErrors += bad(quiet) + bad(busy);
      }
    }
  });
  ctx.log(
    `${label}: page ${cell(c.pageRps)} req/s alone, ${cell(c.pageRpsStorm)} during publishes; ` +
      `list ${cell(c.listRps)} alone, ${cell(c.listRpsStorm)} during (${c.stormPublishMs.length} publishes)`,
  );
}

// Publishes until there have been `publishes`, then the server's memory.
export async function morePublishes(s: Session, { cycle, nonce }: Drafts) {
  const { ctx, c, label, step, forms } = s;
  const { setup } = s;
  const { limits, target } = setup;
  await step("publishes", limits.publishes, async (stopped) => {
    while (c.publishes < setup.publishes && !stopped()) {
      const revision = await cycle(`scale-more-${nonce}-${c.publishes}`, false);
      await forms().act(target, revision, "publish");
      s.published();
    }
    c.rssAfterPublishesMB = s.rssMB();
    c.publishesByThatServer = s.publishesHere();
  });
  if (c.failures.publishes) c.failures.publishes += ` (after ${c.publishes} publishes)`;
  ctx.log(`${label}: RSS ${c.rssAfterPublishesMB ?? "–"} MB after ${c.publishesByThatServer ?? 0} publishes by that server`);
}

// The open data after the last publish: its first request builds places.geojson (streamed, never whole in
// memory), the others read the file; the server's memory after it.
export async function openData(s: Session) {
  const { ctx, c, label, base, note, step } = s;
  const { limits } = s.setup;
  await step("open data", limits.request * 20, async () => {
    note("building the open data");
    const fetchGeojson = async () => {
      const res = await fetch(`${base()}/open-data/places.geojson`, {
        headers: { "accept-encoding": "gzip" },
        signal: AbortSignal.timeout(limits.request * 10),
      });
      if (res.status !== 200) throw new Error(`places.geojson: ${res.status}`);
      return (await res.arrayBuffer()).byteLength;
    };
    const first = await timed(fetchGeojson);
    c.openDataFirstMs = first.ms;
    c.openDataJsonMB = Math.round((first.value / 2 ** 20) * 10) / 10;
    for (let i = 0; i < 3; i++) c.openDataAgainMs.push((await timed(fetchGeojson)).ms);
    c.rssAfterOpenDataMB = s.rssMB();
  });
  ctx.log(
    `${label}: places.geojson built in ${c.openDataFirstMs ?? "–"} ms (${c.openDataJsonMB ?? "–"} MB of JSON), ` +
      `then ${cell(c.openDataAgainMs)} ms; RSS ${c.rssAfterOpenDataMB ?? "–"} MB`,
  );
}

// Previews last, since one renders the whole site with the draft in place: each of a new draft, then again.
export async function previews(s: Session, { cycle, nonce }: Drafts) {
  const { ctx, c, label, step, forms } = s;
  const { setup } = s;
  const { limits, target } = setup;
  await step("previews", setup.runs * 4 * limits.request, async (stopped) => {
    for (let run = 1; run <= setup.runs && !stopped(); run++) {
      const token = `scale-preview-${nonce}-${run}`;
      await cycle(token, false);
      const first = await forms().preview(target);
      if (!first.body.includes(token)) throw new Error("the preview does not show the saved draft");
      c.previewFirstMs.push(first.ms);
      c.previewRepeatMs.push((await forms().preview(target)).ms);
    }
  });
  ctx.log(`${label}: first preview ${cell(c.previewFirstMs)} ms, again ${cell(c.previewRepeatMs)} ms`);
}
