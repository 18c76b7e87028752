// A content load (the seed, `content:load`, a restore's content): the site becomes the files. A national site's
// folder holds tens of thousands of places, so they are read a batch at a time, twice, and never all held:
// - first every place is checked (against the site's other files and the places before it) and its pictures
//   made, outside any transaction; a place's problems are kept, and each city's and category's most popular
//   place, whose pictures they show;
// - then, in one transaction, the documents and the public rows are written: the site's other items, then the
//   places batch after batch; what the files lack is taken off; the content version goes up.
// Nothing is written when anything is wrong, and a load that dies halfway leaves the site as it was.
import type { DatabaseHandle } from "../../db/engine.ts";
import { documentsRepository, lockPublishing, type DocumentsRepository } from "../../db/repositories/documents.ts";
import { plannerStatistics } from "../../db/repositories/planner-statistics.ts";
import { contentProblems, namesPlaceProblem, placeReferenceProblems } from "./checks.ts";
import { type ContentDocument, placeDocumentsFromFiles, siteDocumentsFromFiles } from "./documents.ts";
import { sameBody } from "./draft-changes.ts";
import { ContentError, type ContentFiles, type PlaceFiles } from "./files.ts";
import { type ImageSource, type LoadReport, placeImageWants, placesOf } from "./load.ts";
import type { MediaManifest } from "./media-manifest.ts";
import { ContentProblemsError } from "./publishing.ts";
import { finishWrite, writeAfterPlaces, writePlaces, writeSite } from "./write-content.ts";

/** Content to load: every file but the places (`site`), and the places a batch at a time (each time asked). */
export type ContentSource = {
  site: ContentFiles;
  manifest: MediaManifest;
  /** How many places the batches hold, for progress. */
  places: number;
  batches: () => Iterable<PlaceFiles & { problems?: string[] }>;
};

/** What a load reports while it works: the step, and places done of all. */
export type Progress = (step: "checking" | "writing", done: number, total: number) => void;

/**
 * A string of its own. A string cut from a longer one (a slug parsed out of a place's file) keeps that whole text
 * alive in V8; the slugs a load keeps of every place would keep every file it read.
 */
const detached = (text: string): string => JSON.parse(JSON.stringify(text));

/** Places taken at a time from content held in memory. */
const BATCH = 500;

/** Content files already in memory (the tests, a preview's copy) as a source. */
function filesSource(files: ContentFiles, manifest: MediaManifest): ContentSource {
  return {
    site: { ...files, places: [], services: [] },
    manifest,
    places: files.places.length + files.services.length,
    *batches() {
      for (let i = 0; i < files.places.length; i += BATCH) yield { places: files.places.slice(i, i + BATCH), services: [] };
      for (let i = 0; i < files.services.length; i += BATCH) yield { places: [], services: files.services.slice(i, i + BATCH) };
    },
  };
}

/** Loads content files as the published documents; see loadSource. */
export function loadContent(
  handle: DatabaseHandle,
  files: ContentFiles,
  options: { image: ImageSource; manifest: MediaManifest; now?: string },
): Promise<LoadReport> {
  return loadSource(handle, filesSource(files, options.manifest), options);
}

/**
 * Loads content as the published documents (their translations taken as done): the site becomes the content.
 * Nothing an editor wrote is lost: unpublished changes stay as drafts, and an item the content lacks is taken
 * off the site but kept as a draft. Schema problems throw ContentError, problems across content
 * ContentProblemsError, and then nothing is written; `whenValid` runs once the content is known to be valid.
 */
export async function loadSource(
  handle: DatabaseHandle,
  source: ContentSource,
  {
    image,
    now = new Date().toISOString(),
    progress = () => {},
    whenValid = async () => {},
  }: { image: ImageSource; now?: string; progress?: Progress; whenValid?: () => Promise<void> },
): Promise<LoadReport> {
  const scan = await checkPlaces(source, image, progress);
  if (scan.schema.length) throw new ContentError(scan.schema);
  if (scan.problems.length) throw new ContentProblemsError(scan.problems);
  await whenValid();
  // The most popular places, once each and in the files' order: what the city and category pictures follow.
  const tops = [...new Map([...scan.tops.values()].map((t) => [t.order, t])).values()].sort((a, b) => a.order - b.order);
  const withTops: ContentFiles = {
    ...source.site,
    places: tops.flatMap((t) => ("place" in t ? [t.place] : [])),
    services: tops.flatMap((t) => ("service" in t ? [t.service] : [])),
  };

  const loaded = await handle.db.transaction().execute(async (trx) => {
    await lockPublishing(trx, handle.engine);
    const documents = documentsRepository(trx);
    const kept: Array<{ type: string; slug: string }> = [];
    const put = async (docs: ContentDocument[]) => {
      await putLoaded(documents, docs, now);
      for (const { type, slug } of docs) kept.push({ type, slug: detached(slug) });
    };
    const report = { changed: 0, unchanged: 0, deleted: 0 };
    await put(siteDocumentsFromFiles(source.site, source.manifest));
    const ids = await writeSite(trx, withTops, { image, stamp: now, report });
    const positions = {};
    const slugs: string[] = [];
    const writing = { image, stamp: now, report, pictures: source.site.pictures, manifest: source.manifest };
    for (const batch of source.batches()) {
      await put(placeDocumentsFromFiles(batch, positions));
      slugs.push(...(await writePlaces(trx, batch, ids, writing)).map(detached));
      progress("writing", slugs.length, source.places);
    }
    await writeAfterPlaces(trx, withTops, ids, { image, stamp: now, report });
    await documents.unpublishOthers(kept);
    return finishWrite(trx, source.site, { places: slugs }, report);
  });
  // A load writes most rows anew: the planner learns their sizes now, before the site is asked anything.
  await plannerStatistics(handle).refresh();
  return loaded;
}

/** Puts loaded documents: an unchanged one keeps its revision (an editor's open form stays valid). */
async function putLoaded(documents: DocumentsRepository, docs: ContentDocument[], now: string) {
  for (const type of new Set(docs.map((d) => d.type))) {
    const ofType = docs.filter((d) => d.type === type);
    const stored = await documents.getMany(
      type,
      ofType.map((d) => d.slug),
    );
    for (const d of ofType) {
      const current = stored.get(d.slug);
      if (current && current.position === d.position && sameBody(current.draft, d.body) && sameBody(current.published, d.body)) continue;
      // A draft with changes not yet published is an editor's work: the load publishes beside it.
      const pending = current !== undefined && !sameBody(current.draft, current.published) && !sameBody(current.draft, d.body);
      await documents.put({ ...d, translatedFrom: {} }, now, { keepDraft: pending });
    }
  }
  // Once a batch, not once an item: a national load's places share most of their words.
  await documents.rememberNames(docs);
}

/** A city's or category's most popular place so far (a site or culture place, or a service provider), and its place in the files' order. */
type Top = ({ place: ContentFiles["places"][number] } | { service: ContentFiles["services"][number] }) & {
  popularity: number;
  order: number;
};
const PLACE_TYPES = new Set(["site", "culture", "service"]);

/**
 * The first reading: each batch checked with the site's files (the rules for one place need only those, and the
 * slugs before it), its pictures made, and the most popular place of each city and category kept.
 */
async function checkPlaces(source: ContentSource, image: ImageSource, progress: Progress) {
  const schema: string[] = [];
  const slugs = new Set<string>();
  const tops = new Map<string, Top>();
  // The site's own problems; the places its videos and events name are known only once every place is read.
  const problems = contentProblems(source.site).filter((p) => !namesPlaceProblem(p));
  let order = 0;
  for (const batch of source.batches()) {
    schema.push(...(batch.problems ?? []));
    const inBatch = new Set(placesOf(batch).map((p) => p.slug));
    for (const p of contentProblems({ ...source.site, ...batch })) if (PLACE_TYPES.has(p.type) && inBatch.has(p.slug)) problems.push(p);
    const candidates: Array<Top & { city?: string; category: string }> = [
      ...batch.places.map((place) => ({ place, popularity: place.popularity, city: place.city, category: place.category, order: 0 })),
      ...batch.services.map((service) => ({ service, popularity: service.popularity, category: service.category, order: 0 })),
    ];
    for (const [i, p] of placesOf(batch).entries()) {
      if (slugs.has(p.slug)) problems.push({ type: "place", slug: p.slug, field: "slug", code: "duplicate-slug" });
      slugs.add(detached(p.slug));
      const top = { ...candidates[i], order: order++ };
      // Strictly more popular: of equals, the first in the files' order is kept (load.ts cityMotif).
      if (top.city !== undefined) keepTop(tops, `city ${top.city}`, top);
      keepTop(tops, `category ${top.category}`, top);
      await makePictures(image, placeImageWants(p, source.site.pictures));
    }
    progress("checking", order, source.places);
  }
  problems.push(...placeReferenceProblems(source.site, (slug) => slugs.has(slug)));
  return { schema, problems, tops };
}

function keepTop(tops: Map<string, Top>, key: string, candidate: Top) {
  const top = tops.get(key);
  if (!top || candidate.popularity > top.popularity) tops.set(key, candidate);
}

/** Makes pictures two at a time (the machines have two cores; each encode is single-threaded). */
async function makePictures(image: ImageSource, wants: ReturnType<typeof placeImageWants>) {
  const queue = [...wants];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await image(next);
    }),
  );
}
