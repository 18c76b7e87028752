// Publishing one place writes that place. A national site lists tens of thousands of places (every hotel,
// restaurant and guide is a service provider), so publishing or taking off one of them must cost what that
// place costs, never the whole site (decision 023):
// - it is checked with the published items it names (its category, city, service type and photographs), each
//   read by its key, and taking it off checks what names it (a published video of it);
// - its own public rows are written, and its city's and category's pictures redone only when it changes which
//   place they show; the content version goes up;
// - all of it in one transaction with the document's change and its audit entry, so a publish that fails or
//   dies halfway leaves the public tables as they were.
// A place's media (its videos, sign-language videos, panoramas and tours) and a library video of one place are
// parts of that place's public rows: publishing them rewrites that place alone, the same way.
// Other kinds of content, few and referred to by many, still go through the whole-site path (publishing.ts).
import type { DatabaseHandle, Db } from "../../db/engine.ts";
import { contentWriter } from "../../db/repositories/content-writer.ts";
import { documentsRepository, lockPublishing, type DocumentsRepository } from "../../db/repositories/documents.ts";
import { contentProblems, type ContentProblem } from "./checks.ts";
import { FOLDER_TYPES, filesFromDocuments, type ContentDocument, type DocumentType } from "./documents.ts";
import type { ContentFiles } from "./files.ts";
import {
  type AnyPlace,
  type ImageSource,
  type LoadReport,
  categoryImageWant,
  categoryRows,
  cityImageWant,
  cityRows,
  placeImageWants,
  placeRows,
  placesOf,
  writeEntity,
} from "./load.ts";
import type { MediaManifest } from "./media-manifest.ts";
import { ContentProblemsError } from "./publishing.ts";

/** Whether items of this type are published one by one (the places: sites, culture places, service providers). */
export function publishedAlone(type: DocumentType): boolean {
  return FOLDER_TYPES.includes(type);
}

/** The places whose pictures show a city's or a category's most popular one, as the load decides it. */
export const CITY_PICTURE_KINDS = ["site", "culture"];
export const CATEGORY_PICTURE_KINDS = ["site", "culture", "service"];

export type Item = { type: DocumentType; slug: string };

/** A place's pictures, made before any transaction (encoding is slow). */
async function picturesOf(image: ImageSource, item: Item, place: ContentFiles | null) {
  const subject = place && placesOf(place).find((p) => p.slug === item.slug);
  if (place && !subject) throw new Error(`${item.type}/${item.slug} is not in the files given to publish it`);
  const pictures =
    subject && place ? await Promise.all(placeImageWants(subject, place.pictures).map(async (w) => ({ ...w, image: await image(w) }))) : [];
  return { subject: subject ?? undefined, pictures };
}

/**
 * Runs `change` (which publishes or takes off one place's document, or a part of that place, and audits it)
 * and writes that place's public rows, in one transaction. `place`: the place and the published items it names
 * (null when it is taken off the site, or not on it). `problems`: those of the changed part, if not the place.
 * Answers undefined when `change` could not be made (someone saved first).
 */
export async function republishPlace(
  handle: DatabaseHandle,
  image: ImageSource,
  item: Item,
  place: ContentFiles | null,
  change: (documents: DocumentsRepository, trx: Db) => Promise<boolean>,
  { now = new Date().toISOString(), problems: partProblems = [] }: { now?: string; problems?: ContentProblem[] } = {},
): Promise<LoadReport | undefined> {
  const made = await picturesOf(image, item, place);
  return handle.db.transaction().execute(async (trx) => {
    await lockPublishing(trx, handle.engine);
    const documents = documentsRepository(trx);
    if (!(await change(documents, trx))) return undefined;
    const problems = [...partProblems, ...(place ? ownProblems(place, item) : await namedBy(documents, item.slug))];
    if (problems.length) throw new ContentProblemsError(problems);
    const { report, placeId } = await writePlace(trx, image, item, made, now);
    const w = contentWriter(trx);
    const previous = Number((await w.hashOf("version")) ?? 0);
    const version = report.changed || report.deleted ? previous + 1 : previous;
    if (version !== previous) {
      await w.setMeta("version", String(version));
      // The search index follows by reading this place alone (domain/search/service.ts).
      await w.noteSearchChange(version, placeId === undefined ? [] : [placeId]);
    }
    return { ...report, version };
  });
}

/**
 * The public site as it would be with this place's draft published, for `work` to read (the preview renders
 * the public route on it): the place's rows are written inside a transaction that is always rolled back, so
 * nothing of it is ever seen by anyone else, and nothing is copied. `draft` first puts the edited document's
 * draft in place of its published body (a place's media, a library video: what the place's rows read).
 * On SQLite, other requests wait for the database while it lasts (the time of rendering one page).
 */
export async function withPlaceDrafted<T>(
  handle: DatabaseHandle,
  image: ImageSource,
  item: Item,
  place: ContentFiles | null,
  draft: (documents: DocumentsRepository) => Promise<void>,
  work: (site: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const made = await picturesOf(image, item, place);
  return rolledBack(handle, async (trx) => {
    await draft(documentsRepository(trx));
    await writePlace(trx, image, item, made, new Date().toISOString());
    return work({ ...handle, db: trx });
  });
}

/** Runs `work` in a transaction that is always rolled back, and answers what it answered. */
export async function rolledBack<T>(handle: DatabaseHandle, work: (trx: Db) => Promise<T>): Promise<T> {
  const undo = new Error("this transaction is always rolled back");
  let answer: { value: T } | undefined;
  try {
    await handle.db.transaction().execute(async (trx) => {
      answer = { value: await work(trx) };
      throw undo;
    });
  } catch (error) {
    if (error !== undo) throw error;
  }
  if (!answer) throw new Error("the rolled-back work did not finish");
  return answer.value;
}

/**
 * Writes a published place's rows again inside the caller's transaction, as its publish would (a photograph it
 * shows has a new caption or credit). `place`: the place and the published items it names.
 */
export async function rewritePlace(trx: Db, image: ImageSource, item: Item, place: ContentFiles, now: string): Promise<Counts> {
  return (await writePlace(trx, image, item, await picturesOf(image, item, place), now)).report;
}

/**
 * Writes one place's public rows (or, without a subject, deletes them), and redoes its city's and category's
 * pictures when it changes which place they show. Answers the counts and the place's id.
 */
async function writePlace(
  trx: Db,
  image: ImageSource,
  item: Item,
  { subject, pictures }: Awaited<ReturnType<typeof picturesOf>>,
  now: string,
): Promise<{ report: Counts; placeId: number | undefined }> {
  const documents = documentsRepository(trx);
  const w = contentWriter(trx);
  const report = { changed: 0, unchanged: 0, deleted: 0 };
  const before = await w.placing("places", item.slug);
  const stored = before && (await w.placeOwners(before.id));
  const languages = await w.languageCodes();
  if (subject) {
    const id = async (table: "categories" | "cities" | "service_types", slug: string) => {
      const row = await w.placing(table, slug);
      if (!row) throw new Error(`${table} ${slug} is published but not in the public tables`);
      return row.id;
    };
    const media = (await documents.get("media", item.slug))?.published as { entries: MediaManifest[string] } | null | undefined;
    const rows = placeRows(subject, {
      languages,
      ids: {
        category: await id("categories", subject.category),
        city: await id("cities", subject.city),
        service: subject.service ? await id("service_types", subject.service) : null,
      },
      images: pictures,
      manifest: media?.entries ?? [],
      videos: await videosOf(documents, item.slug),
    });
    await writeEntity(w, report, now, "places", rows.row, rows.texts, rows.media);
  } else if (await w.deleteEntity("places", item.slug)) report.deleted++;
  const placeId = (await w.placing("places", item.slug))?.id ?? before?.id;

  // The city and category it belongs to (and belonged to) may now show another place's picture.
  const cities = new Set([stored?.city_id, subject && (await w.placing("cities", subject.city))?.id]);
  const categories = new Set([stored?.category_id, subject && (await w.placing("categories", subject.category))?.id]);
  const redo: Redo = { trx, documents, image, languages, report, now };
  for (const id of cities) if (id) await redoCityPicture(redo, id);
  for (const id of categories) if (id) await redoCategoryPicture(redo, id);
  return { report, placeId };
}

/** The problems of the item itself, found with the published items it names. */
function ownProblems(place: ContentFiles, item: Item): ContentProblem[] {
  return contentProblems(place).filter((p) => p.type === item.type && p.slug === item.slug);
}

/** What a place being taken off would leave naming nothing: the published videos, events and itinerary stops of it. */
async function namedBy(documents: DocumentsRepository, slug: string): Promise<ContentProblem[]> {
  const events = (await documents.list("event")).filter((d) => d.published !== null && (d.published as { place?: string }).place === slug);
  const naming = [
    ...(await videosOf(documents, slug)).map((v) => ["video", v.slug, "place"] as const),
    ...events.map((e) => ["event", e.slug, "place"] as const),
    ...(await stopsAt(documents, slug)),
  ];
  return naming.map(([type, item, field]) => ({ type, slug: item, field, code: "unknown-reference" as const, values: { slug } }));
}

/** The stops of published itineraries at a place (itineraries are few: a few dozen routes at most). */
async function stopsAt(documents: DocumentsRepository, place: string) {
  const itineraries = (await documents.list("itinerary")).filter((d) => d.published !== null);
  return itineraries.flatMap((d) =>
    ((d.published as { stops?: Array<{ place: string }> }).stops ?? []).flatMap((s, i) =>
      s.place === place ? [["itinerary", d.slug, `stops.${i}.place`] as const] : [],
    ),
  );
}

/** A place's published library videos, in the order the load takes them. */
async function videosOf(documents: DocumentsRepository, place: string): Promise<ContentFiles["videos"]> {
  const videos = (await documents.list("video")).filter((d) => d.published !== null && (d.published as { place?: string }).place === place);
  return filesFromDocuments(videos.map((d) => ({ type: "video", slug: d.slug, position: d.position, body: d.published }))).files.videos;
}

/** A published document's body as a place of the files (with its kind), or undefined. */
async function publishedPlace(documents: DocumentsRepository, kind: string, slug: string): Promise<AnyPlace | undefined> {
  return placesOf(filesFromDocuments(await publishedOf(documents, kind as DocumentType, [slug])).files)[0];
}

/** The most popular published place of a city or category, as the files the picture rules read. */
export async function topPlaceFiles(
  trx: Db,
  documents: DocumentsRepository,
  by: { city_id: number } | { category_id: number },
  kinds: string[],
) {
  const top = await contentWriter(trx).topPlace(by, kinds);
  const place = top && (await publishedPlace(documents, top.kind, top.slug));
  return { places: place ? [place as ContentFiles["places"][number]] : [], services: [] };
}

export type Counts = { changed: number; unchanged: number; deleted: number };
/** What redoing a city's or category's picture needs: the transaction, the picture maker, the languages. */
type Redo = { trx: Db; documents: DocumentsRepository; image: ImageSource; languages: string[]; report: Counts; now: string };

async function redoCityPicture(r: Redo, id: number) {
  const row = await contentWriter(r.trx).slugOf("cities", id);
  const city = row && (await r.documents.get("city", row.slug))?.published;
  if (!row || !city) return;
  const c = filesFromDocuments([{ type: "city", slug: row.slug, position: 0, body: city }]).files.cities[0];
  const pictures = c.picture ? filesFromDocuments(await publishedOf(r.documents, "picture", [c.picture])).files.pictures : [];
  const top = await topPlaceFiles(r.trx, r.documents, { city_id: id }, CITY_PICTURE_KINDS);
  const want = cityImageWant(c, { places: top.places, pictures });
  const rows = cityRows(c, r.languages, row.position, { ...want, image: await r.image(want) });
  await writeEntity(contentWriter(r.trx), r.report, r.now, "cities", rows.row, rows.texts, rows.media);
}

async function redoCategoryPicture(r: Redo, id: number) {
  const row = await contentWriter(r.trx).slugOf("categories", id);
  const category = row && (await r.documents.get("category", row.slug))?.published;
  if (!row || !category) return;
  const c = filesFromDocuments([{ type: "category", slug: row.slug, position: 0, body: category }]).files.categories[0];
  const want = categoryImageWant(c.slug, await topPlaceFiles(r.trx, r.documents, { category_id: id }, CATEGORY_PICTURE_KINDS));
  const rows = categoryRows(c, r.languages, row.position, { ...want, image: await r.image(want) });
  await writeEntity(contentWriter(r.trx), r.report, r.now, "categories", rows.row, rows.texts, rows.media);
}

async function publishedOf(documents: DocumentsRepository, type: DocumentType, slugs: string[]): Promise<ContentDocument[]> {
  const docs = await Promise.all(slugs.map((slug) => documents.get(type, slug)));
  return docs.flatMap((d) => (d?.published ? [{ type, slug: d.slug, position: d.position, body: d.published }] : []));
}
