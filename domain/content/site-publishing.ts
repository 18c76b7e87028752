// Publishing one of the few items many places name (a category, city, service type, photograph, gallery item,
// experience, guide page, or the settings), or an event, without reading the places (decision 023). The site's other items
// are few and read whole; what the change may break among the places is asked of the public tables:
// - a city's places must lie inside its radius, and a city, category or service type still named by places
//   cannot be taken off; a category's kind must be its places' kind;
// - a photograph shown by places cannot be taken off, and its new caption or credit rewrites those places.
// A city's and category's pictures follow their most popular place, read by an indexed query. All of it in one
// transaction with the document's change and its audit entry.
import type { DatabaseHandle, Db } from "../../db/engine.ts";
import { contentWriter } from "../../db/repositories/content-writer.ts";
import { documentsRepository, lockPublishing, type DocumentsRepository } from "../../db/repositories/documents.ts";
import { categoryKindOf } from "./category-kind.ts";
import { contentProblems, distanceKm, namesPlaceProblem, type ContentProblem } from "./checks.ts";
import { type ContentDocument, type DocumentType, filesFromDocuments } from "./documents.ts";
import type { ContentFiles } from "./files.ts";
import type { ImageSource, LoadReport } from "./load.ts";
import { CATEGORY_PICTURE_KINDS, CITY_PICTURE_KINDS, type Item, rewritePlace, rolledBack, topPlaceFiles } from "./place-publishing.ts";
import { ContentProblemsError } from "./publishing.ts";
import { finishWrite, writeAfterPlaces, writeSite } from "./write-content.ts";

/** The types published this way; the languages (in every place's texts) still take the whole-site path. */
const SITE_TYPES: ReadonlySet<DocumentType> = new Set([
  "settings",
  "category",
  "city",
  "service-type",
  "gallery",
  "experience",
  "picture",
  "guide",
  "event",
  "itinerary",
]);
/** What is read of the site: every type but the places and their parts. */
const READ_TYPES = [...SITE_TYPES, "languages"];

export function publishedWithSite(type: DocumentType): boolean {
  return SITE_TYPES.has(type);
}

/**
 * Runs `change` (which publishes or takes off the item, and audits it) and writes the public rows it changes, in
 * one transaction. Answers undefined when `change` could not be made (someone saved first).
 */
export async function republishSite(
  handle: DatabaseHandle,
  image: ImageSource,
  item: Item,
  change: (documents: DocumentsRepository, trx: Db) => Promise<boolean>,
  { now = new Date().toISOString() }: { now?: string } = {},
): Promise<LoadReport | undefined> {
  return handle.db.transaction().execute(async (trx) => {
    await lockPublishing(trx, handle.engine);
    const documents = documentsRepository(trx);
    const shown = item.type === "picture" ? await pictureSrc(documents, image, item.slug) : undefined;
    if (!(await change(documents, trx))) return undefined;
    return writeSiteChange(trx, image, item, now, { shown, check: true });
  });
}

/**
 * The public site as it would be with this item's draft published, for `work` to read (the preview): written
 * as its publish would write it, inside a transaction that is always rolled back. The draft is shown as it is,
 * without the checks its publish would make.
 */
export async function withSiteDrafted<T>(
  handle: DatabaseHandle,
  image: ImageSource,
  item: Item,
  draft: (documents: DocumentsRepository) => Promise<void>,
  work: (site: DatabaseHandle) => Promise<T>,
): Promise<T> {
  return rolledBack(handle, async (trx) => {
    const documents = documentsRepository(trx);
    const shown = item.type === "picture" ? await pictureSrc(documents, image, item.slug) : undefined;
    await draft(documents);
    await writeSiteChange(trx, image, item, new Date().toISOString(), { shown, check: false });
    return work({ ...handle, db: trx });
  });
}

/**
 * After the item's document changed: checks what it would break (when `check`), then writes the site's rows and
 * the places that show a photograph (`shown`: its address before the change), and raises the version.
 */
async function writeSiteChange(trx: Db, image: ImageSource, item: Item, now: string, { shown, check }: { shown?: string; check: boolean }) {
  const documents = documentsRepository(trx);
  const site = filesFromDocuments((await documents.published(READ_TYPES)) as ContentDocument[]).files;
  const w = contentWriter(trx);
  const showing = shown ? await w.placesShowing(shown) : [];
  if (check) {
    const problems = [...siteProblems(site), ...(await placeProblems(trx, site, item))];
    if (item.type === "picture" && !(await pictureSrc(documents, image, item.slug)))
      for (const p of showing)
        problems.push({ type: p.kind, slug: p.slug, field: "images", code: "unknown-reference", values: { slug: item.slug } });
    if (problems.length) throw new ContentProblemsError(problems);
  }

  const report = { changed: 0, unchanged: 0, deleted: 0 };
  const withTops = { ...site, ...(await mostPopular(trx, documents, site)) };
  const ids = await writeSite(trx, withTops, { image, stamp: now, report });
  await writeAfterPlaces(trx, withTops, ids, { image, stamp: now, report });
  // A photograph's new caption, alt text or credit is in the media rows of every place that shows it.
  // Their documents are read a kind at a time, not one query per place.
  for (const [kind, places] of Map.groupBy(showing, (p) => p.kind)) {
    const docs = await documents.getMany(
      kind,
      places.map((p) => p.slug),
    );
    for (const doc of docs.values()) {
      if (!doc.published) continue;
      const item = { type: kind as DocumentType, slug: doc.slug };
      const files = withNamed(site, { ...item, position: doc.position, body: doc.published });
      const counts = await rewritePlace(trx, image, item, files, now);
      report.changed += counts.changed;
      report.unchanged += counts.unchanged;
    }
  }
  // The names of cities, categories and service types are in their places' search texts.
  const search = ["city", "category", "service-type"].includes(item.type) ? null : showing.map((p) => p.id);
  return finishWrite(trx, site, { places: null, search }, report);
}

/** The rules across the site's own items; what they say of videos' places is for the places' publishing. */
function siteProblems(site: ContentFiles): ContentProblem[] {
  return contentProblems(site).filter((p) => !namesPlaceProblem(p));
}

/** What the change does to the places that name the item, asked of the public tables. */
async function placeProblems(trx: Db, site: ContentFiles, item: Item): Promise<ContentProblem[]> {
  const w = contentWriter(trx);
  const problems: ContentProblem[] = [];
  const naming = async (table: "cities" | "categories" | "service_types", column: "city_id" | "category_id" | "service_type_id") => {
    const stored = await w.placing(table, item.slug);
    return stored ? w.placesNaming(column, stored.id) : [];
  };
  const gone = (field: string, places: Array<{ slug: string; kind: string }>) => {
    for (const p of places) problems.push({ type: p.kind, slug: p.slug, field, code: "unknown-reference", values: { slug: item.slug } });
  };
  if (item.type === "city") {
    const city = site.cities.find((c) => c.slug === item.slug);
    const places = await naming("cities", "city_id");
    if (!city) gone("city", places);
    else
      for (const p of places) {
        const km = distanceKm(p, city.centre);
        if (km > city.radiusKm)
          problems.push({
            type: p.kind,
            slug: p.slug,
            field: "coordinates",
            code: "outside-city",
            values: { km: Math.round(km), city: city.slug, radius: city.radiusKm },
          });
      }
  } else if (item.type === "category") {
    const category = site.categories.find((c) => c.slug === item.slug);
    const places = await naming("categories", "category_id");
    if (!category) gone("category", places);
    else
      for (const p of places)
        if (categoryKindOf(p.kind) !== category.kind)
          problems.push({
            type: p.kind,
            slug: p.slug,
            field: "category",
            code: "wrong-category-kind",
            values: { slug: category.slug, kind: category.kind, expected: categoryKindOf(p.kind) },
          });
  } else if (item.type === "event") {
    // The place an event names is published with the places, which this path does not read: asked of the
    // public tables inside the publish's transaction (the draft's own check ran before it, outside).
    const place = site.events.find((e) => e.slug === item.slug)?.place;
    if (place && !(await w.placing("places", place)))
      problems.push({ type: "event", slug: item.slug, field: "place", code: "unknown-reference", values: { slug: place } });
  } else if (item.type === "itinerary") {
    // Each stop's place must be on the site, asked of the public tables as an event's place is.
    const stops = site.itineraries.find((r) => r.slug === item.slug)?.stops ?? [];
    for (const [i, stop] of stops.entries())
      if (!(await w.placing("places", stop.place)))
        problems.push({
          type: "itinerary",
          slug: item.slug,
          field: `stops.${i}.place`,
          code: "unknown-reference",
          values: { slug: stop.place },
        });
  } else if (item.type === "service-type" && !site.serviceTypes.some((s) => s.slug === item.slug)) {
    gone("service", await naming("service_types", "service_type_id"));
  }
  return problems;
}

/** The address a published photograph's picture has in media rows; undefined when it is not published. */
async function pictureSrc(documents: DocumentsRepository, image: ImageSource, slug: string): Promise<string | undefined> {
  const doc = await documents.get("picture", slug);
  if (!doc?.published) return undefined;
  const picture = filesFromDocuments([{ type: "picture", slug, position: 0, body: doc.published }]).files.pictures[0];
  return (await image({ key: `picture-${slug}`, motif: "old-street", picture })).src;
}

/** The most popular place of each city and category, in the files' shape: what their pictures show. */
async function mostPopular(
  trx: Db,
  documents: DocumentsRepository,
  site: ContentFiles,
): Promise<Pick<ContentFiles, "places" | "services">> {
  const w = contentWriter(trx);
  const tops: ContentFiles["places"] = [];
  const services: ContentFiles["services"] = [];
  const keep = (found: { places: ContentFiles["places"] }) => {
    for (const p of found.places) {
      if ([...tops, ...services].some((t) => t.slug === p.slug)) continue;
      if ((p.kind as string) === "service") services.push(p as unknown as ContentFiles["services"][number]);
      else tops.push(p);
    }
  };
  for (const c of site.cities) {
    const stored = await w.placing("cities", c.slug);
    if (stored) keep(await topPlaceFiles(trx, documents, { city_id: stored.id }, CITY_PICTURE_KINDS));
  }
  for (const c of site.categories) {
    const stored = await w.placing("categories", c.slug);
    if (stored) keep(await topPlaceFiles(trx, documents, { category_id: stored.id }, CATEGORY_PICTURE_KINDS));
  }
  return { places: tops, services };
}

/** A place with the site's items it names (its category, city, service type, photographs). */
function withNamed(site: ContentFiles, place: ContentDocument): ContentFiles {
  const { places, services } = filesFromDocuments([place]).files;
  return { ...site, places, services };
}
