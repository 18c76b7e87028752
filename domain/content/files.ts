// Reads and validates the editor's files under content/ (see content/README.md).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { type EventItem, event } from "./event-schema.ts";
import { type Itinerary, itinerary } from "./itinerary-schema.ts";
import * as schema from "./schema.ts";

export type ContentFiles = {
  languages: z.infer<typeof schema.languageFile>;
  settings: z.infer<typeof schema.settingsFile>;
  categories: z.infer<typeof schema.categoryFile>;
  cities: z.infer<typeof schema.cityFile>;
  serviceTypes: z.infer<typeof schema.serviceTypeFile>;
  gallery: z.infer<typeof schema.galleryFile>;
  experiences: z.infer<typeof schema.experienceFile>;
  places: Array<z.infer<typeof schema.placeFile> & { kind: "site" | "culture" }>;
  services: Array<z.infer<typeof schema.serviceProviderFile>>;
  pictures: z.infer<typeof schema.pictureFile>;
  videos: z.infer<typeof schema.videoFile>;
  /** The trip-planning guide's pages (plan/), in their order. */
  guide: schema.GuidePage[];
  /** Events (events/), one file each, in the order of their slugs. */
  events: EventItem[];
  /** Suggested routes (itineraries/), one file each, in the order of their slugs. */
  itineraries: Itinerary[];
};

const OPTIONAL_FILES = new Set(["pictures.yaml", "videos.yaml"]);

export class ContentError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`content is not valid:\n- ${problems.join("\n- ")}`);
    this.problems = problems;
  }
}

function readYaml(path: string): unknown {
  return parse(readFileSync(path, "utf8"));
}

/** The folders of one file per place, with the kind of place each holds. */
const PLACE_FOLDERS = [
  ["places", "site"],
  ["culture", "culture"],
  ["services", "service"],
] as const;

/** Places of the files, as a batch of them: sites and culture places, and service providers. */
export type PlaceFiles = Pick<ContentFiles, "places" | "services">;

/** A file's content checked by its schema; its problems are added to `problems`, and undefined answered. */
function readChecked<T extends z.ZodType>(dir: string, file: string, s: T, problems: string[]): z.infer<T> | undefined {
  let raw: unknown;
  try {
    raw = readYaml(join(dir, file));
  } catch (error) {
    problems.push(`${file}: not valid YAML: ${(error as Error).message.split("\n")[0]}`);
    return undefined;
  }
  const result = s.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(`${file}: ${issue.path.join(".")}: ${issue.message}`);
    return undefined;
  }
  return result.data;
}

const yamlFiles = (dir: string, folder: string) =>
  existsSync(join(dir, folder))
    ? readdirSync(join(dir, folder))
        .filter((f) => f.endsWith(".yaml"))
        .sort()
    : [];

/** How many place files the folder holds: what a load's progress counts to. */
export function placeFileCount(dir: string): number {
  return PLACE_FOLDERS.reduce((n, [folder]) => n + yamlFiles(dir, folder).length, 0);
}

/**
 * The place files, `size` at a time, in the order the loader takes them (sites, culture places, service
 * providers; each folder by file name): a national site's tens of thousands of places are never all in memory.
 * Each batch comes with the schema problems of its files.
 */
export function* placeFileBatches(dir: string, size: number): Generator<PlaceFiles & { problems: string[] }> {
  let batch: PlaceFiles & { problems: string[] } = { places: [], services: [], problems: [] };
  let count = 0;
  for (const [folder, kind] of PLACE_FOLDERS) {
    for (const name of yamlFiles(dir, folder)) {
      const file = join(folder, name);
      if (kind === "service") {
        const service = readChecked(dir, file, schema.serviceProviderFile, batch.problems);
        if (service) batch.services.push(service);
      } else {
        const place = readChecked(dir, file, schema.placeFile, batch.problems);
        if (place) batch.places.push({ ...place, kind });
      }
      if (++count % size === 0) {
        yield batch;
        batch = { places: [], services: [], problems: [] };
      }
    }
  }
  if (count % size !== 0 || count === 0) yield batch;
}

/**
 * Reads every content file, collecting all schema problems before failing. Without `places`, the folders of
 * one file per place are left to placeFileBatches (the files answered then have no places).
 */
export function readContent(dir: string, { partial = false, places = true } = {}): ContentFiles {
  const problems: string[] = [];
  function load<T extends z.ZodType>(file: string, s: T): z.infer<T> {
    const path = join(dir, file);
    if (!existsSync(path)) {
      // A partial read (while editors are still writing) treats a missing list as empty.
      // A content folder from before the media library has no photographs yet, which is no problem.
      if (!partial && !OPTIONAL_FILES.has(file)) problems.push(`${file}: missing`);
      return (file === "settings.yaml" ? undefined : []) as z.infer<T>;
    }
    return readChecked(dir, file, s, problems) as z.infer<T>;
  }
  function loadFolder<T extends z.ZodType>(folder: string, s: T): Array<z.infer<T>> {
    return yamlFiles(dir, folder)
      .map((f) => load(join(folder, f), s))
      .filter((x) => x !== undefined);
  }
  const files: ContentFiles = {
    languages: load("languages.yaml", schema.languageFile),
    settings: load("settings.yaml", schema.settingsFile),
    categories: load("categories.yaml", schema.categoryFile),
    cities: load("cities.yaml", schema.cityFile),
    serviceTypes: load("service-types.yaml", schema.serviceTypeFile),
    gallery: load("gallery.yaml", schema.galleryFile),
    experiences: load("experiences.yaml", schema.experienceFile),
    places: places
      ? [
          ...loadFolder("places", schema.placeFile).map((p) => ({ ...p, kind: "site" as const })),
          ...loadFolder("culture", schema.placeFile).map((p) => ({ ...p, kind: "culture" as const })),
        ]
      : [],
    services: places ? loadFolder("services", schema.serviceProviderFile) : [],
    pictures: load("pictures.yaml", schema.pictureFile),
    videos: load("videos.yaml", schema.videoFile),
    guide: loadFolder("plan", schema.guidePage).sort((a, b) => a.order - b.order),
    events: loadFolder("events", event),
    itineraries: loadFolder("itineraries", itinerary),
  };
  if (problems.length) throw new ContentError(problems);
  return files;
}
