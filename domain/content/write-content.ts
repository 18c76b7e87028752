// Writing content into the public tables, in steps a load can take in batches: what places name, the places
// (all at once, or a batch at a time), the gallery and experiences, then what is no longer there deleted and
// the content version raised (the order the rows have always been written in). Each entity is written only when it changed (load.ts writeEntity).
import { createHash } from "node:crypto";
import type { Db } from "../../db/engine.ts";
import { contentWriter, type MediaInput, type Translations } from "../../db/repositories/content-writer.ts";
import { eventsRepository } from "../../db/repositories/events.ts";
import { itinerariesRepository } from "../../db/repositories/itineraries.ts";
import type { ContentFiles, PlaceFiles } from "./files.ts";
import {
  type ContentImage,
  type EntityRow,
  type EntityTable,
  type ImageSource,
  type ImageWant,
  type LoadReport,
  type Report,
  byLanguage,
  categoryRows,
  cityRows,
  imageMedia,
  placeImageWants,
  placeRows,
  placesOf,
  siteImageWants,
  writeEntity,
} from "./load.ts";
import type { MediaManifest } from "./media-manifest.ts";

type Made = { image: ContentImage; motif: ImageWant["motif"]; key: string };
/** What writing the places needs of the site: the languages, the ids of what places name, their library videos. */
type SiteIds = {
  languages: string[];
  categories: Map<string, number>;
  cities: Map<string, number>;
  services: Map<string, number>;
  videos: Map<string, ContentFiles["videos"]>;
};
type Writing = { image: ImageSource; stamp: string; report: Report };

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * What an earlier step made for a key: an image for every one wanted, an id for every category, city and
 * service type (the content's checks see that places and experiences name only those that exist).
 */
function madeBefore<V>(made: Map<string, V>, key: string, what: string): V {
  const value = made.get(key);
  if (value === undefined) throw new Error(`No ${what} was written for "${key}" before it was needed`);
  return value;
}

async function made(image: ImageSource, wants: ImageWant[]): Promise<Map<string, Made>> {
  const out = new Map<string, Made>();
  for (const want of wants) out.set(want.key, { ...want, image: await image(want) });
  return out;
}

/**
 * Writes what places name, before them: languages, settings, the guide, categories, cities and service types.
 * `files.places` and `files.services` need only hold, in the files' order, the most popular place of each city
 * and category, whose pictures those show.
 */
export async function writeSite(trx: Db, files: ContentFiles, { image, stamp, report }: Writing): Promise<SiteIds> {
  const languages = files.languages.map((l) => l.code);
  const images = await made(image, siteImageWants({ ...files, gallery: [], experiences: [], events: [] }));
  const w = contentWriter(trx);
  const entity = (table: EntityTable, row: EntityRow, texts: Translations<string>, media: MediaInput[]) =>
    writeEntity(w, report, stamp, table, row, texts, media);
  const whole = async (key: string, value: unknown, write: () => Promise<void>) => {
    const hash = hashOf(value);
    if ((await w.hashOf(key)) === hash) return;
    await write();
    await w.setMeta(key, hash);
    report.changed++;
  };
  await whole("hash:languages", files.languages, () => w.upsertLanguages(files.languages));
  await whole("hash:settings", files.settings, () => w.replaceSettings(files.settings));
  // The guide's pages in their order, however the files list them (published documents come back so).
  const guide = files.guide.toSorted((a, b) => a.order - b.order);
  await whole("hash:guide", guide, () =>
    w.replaceGuide(
      guide.map((page, position) => ({ slug: page.slug, position, reviewed: page.reviewed, body: page })),
      stamp,
    ),
  );

  const categories = new Map<string, number>();
  for (const [position, c] of files.categories.entries()) {
    const rows = categoryRows(c, languages, position, madeBefore(images, `category-${c.slug}`, "image"));
    categories.set(c.slug, await entity("categories", rows.row, rows.texts, rows.media));
  }
  const cities = new Map<string, number>();
  for (const [position, c] of files.cities.entries()) {
    const rows = cityRows(c, languages, position, madeBefore(images, `city-${c.slug}`, "image"));
    cities.set(c.slug, await entity("cities", rows.row, rows.texts, rows.media));
  }
  const services = new Map<string, number>();
  for (const [position, s] of files.serviceTypes.entries()) {
    services.set(
      s.slug,
      await entity("service_types", { slug: s.slug, position }, byLanguage(languages, { name: s.name, description: s.description }), [
        imageMedia(madeBefore(images, `service-${s.slug}`, "image"), languages, s.name),
      ]),
    );
  }
  // Each place's library videos, in the order of the file.
  return { languages, categories, cities, services, videos: Map.groupBy(files.videos, (v) => v.place) };
}

/** Writes places (all of them, or a batch) with the site's ids; answers their slugs. */
export async function writePlaces(
  trx: Db,
  places: PlaceFiles,
  site: SiteIds,
  { image, stamp, report, pictures, manifest }: Writing & { pictures: ContentFiles["pictures"]; manifest: MediaManifest },
): Promise<string[]> {
  const w = contentWriter(trx);
  const slugs: string[] = [];
  for (const p of placesOf(places)) {
    const images = await Promise.all(placeImageWants(p, pictures).map(async (want) => ({ ...want, image: await image(want) })));
    const rows = placeRows(p, {
      languages: site.languages,
      ids: {
        category: madeBefore(site.categories, p.category, "category"),
        city: madeBefore(site.cities, p.city, "city"),
        service: p.service ? madeBefore(site.services, p.service, "service type") : null,
      },
      images,
      manifest: manifest[p.slug] ?? [],
      videos: site.videos.get(p.slug) ?? [],
    });
    await writeEntity(w, report, stamp, "places", rows.row, rows.texts, rows.media);
    slugs.push(p.slug);
  }
  return slugs;
}

/**
 * Writes the gallery and the experiences, after the places (so every entity's media rows are numbered as they
 * always were: the API shows their ids), then the events, which may name a place, and the itineraries.
 */
export async function writeAfterPlaces(trx: Db, files: ContentFiles, site: SiteIds, { image, stamp, report }: Writing): Promise<void> {
  const { languages, cities } = site;
  const images = await made(image, siteImageWants({ ...files, cities: [], categories: [], serviceTypes: [] }));
  const w = contentWriter(trx);
  const entity = (table: EntityTable, row: EntityRow, texts: Translations<string>, media: MediaInput[]) =>
    writeEntity(w, report, stamp, table, row, texts, media);
  for (const [position, g] of files.gallery.entries()) {
    await entity("gallery_items", { slug: g.slug, position }, byLanguage(languages, { title: g.title, description: g.description }), [
      imageMedia(madeBefore(images, `gallery-${g.slug}`, "image"), languages, g.title),
    ]);
  }
  for (const [position, x] of files.experiences.entries()) {
    await entity(
      "experiences",
      { slug: x.slug, position, city_id: x.city ? madeBefore(cities, x.city, "city") : null },
      byLanguage(languages, { title: x.title, description: x.description }),
      [imageMedia(madeBefore(images, `experience-${x.slug}`, "image"), languages, x.title)],
    );
  }
  await writeEvents(trx, files.events, { cities, languages, images }, stamp, report);
  const routes = await itinerariesRepository(trx).replace(
    files.itineraries.map((body, position) => ({ slug: body.slug, position, body })),
    stamp,
  );
  report.changed += routes.changed;
  report.deleted += routes.deleted;
}

/**
 * Every event, by the ids of its city and place. A place that is not published (only a preview, which writes
 * without checks, can meet one) leaves the event without a place rather than naming nothing.
 */
async function writeEvents(
  trx: Db,
  events: ContentFiles["events"],
  { cities, languages, images }: { cities: Map<string, number>; languages: string[]; images: Map<string, Made> },
  stamp: string,
  report: Report,
) {
  const repo = eventsRepository(trx);
  const places = await repo.placeIds(events.flatMap((e) => (e.place ? [e.place] : [])));
  const rows = events.flatMap((e, position) => {
    const city = cities.get(e.city);
    if (city === undefined) return [];
    // Its photograph as a media row would hold it (its variants, caption, alt text and credit in each language).
    const photograph = images.get(`event-${e.slug}`);
    const picture = photograph?.image.photograph ? imageMedia(photograph, languages, e.name) : null;
    const place_id = (e.place === undefined ? undefined : places.get(e.place)) ?? null;
    return [{ slug: e.slug, position, city_id: city, place_id, kind: e.kind, body: e, picture }];
  });
  const { changed, deleted } = await repo.replace(rows, stamp);
  report.changed += changed;
  report.deleted += deleted;
}

/**
 * Deletes what the content no longer has (children before parents, so no reference is left dangling) and raises
 * the content version when anything changed. `places`: the slugs of every place written (null: the places were
 * not written, and are left as they are). `search`: the places whose search texts changed (null: any may have).
 */
export async function finishWrite(
  trx: Db,
  files: ContentFiles,
  { places, search = null }: { places: string[] | null; search?: number[] | null },
  report: Report,
): Promise<LoadReport> {
  const w = contentWriter(trx);
  if (places) report.deleted += await w.deleteMissing("places", places);
  for (const [table, slugs] of [
    ["experiences", files.experiences.map((x) => x.slug)],
    ["gallery_items", files.gallery.map((g) => g.slug)],
    ["service_types", files.serviceTypes.map((x) => x.slug)],
    ["cities", files.cities.map((c) => c.slug)],
    ["categories", files.categories.map((c) => c.slug)],
  ] as const)
    report.deleted += await w.deleteMissing(table, slugs);
  const previous = Number((await w.hashOf("version")) ?? 0);
  const version = report.changed || report.deleted ? previous + 1 : previous;
  if (version !== previous) {
    await w.setMeta("version", String(version));
    // A whole-site write may change any place's search texts (a city's name is in each of its places').
    await w.noteSearchChange(version, search);
  }
  return { ...report, version };
}

/** Writes the whole content into the public tables inside the caller's transaction. */
export async function writeContent(
  trx: Db,
  files: ContentFiles,
  { image, manifest, stamp }: { image: ImageSource; manifest: MediaManifest; stamp: string },
): Promise<LoadReport> {
  const report = { changed: 0, unchanged: 0, deleted: 0 };
  const site = await writeSite(trx, files, { image, stamp, report });
  const places = await writePlaces(trx, files, site, { image, stamp, report, pictures: files.pictures, manifest });
  await writeAfterPlaces(trx, files, site, { image, stamp, report });
  return finishWrite(trx, files, { places }, report);
}
