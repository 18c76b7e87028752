// Reads and validates the editor's files under content/ (see content/README.md).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
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

/** Reads every content file, collecting all schema problems before failing. */
export function readContent(dir: string, { partial = false } = {}): ContentFiles {
  const problems: string[] = [];
  function load<T extends z.ZodType>(file: string, s: T): z.infer<T> {
    const path = join(dir, file);
    if (!existsSync(path)) {
      // A partial read (while editors are still writing) treats a missing list as empty.
      // A content folder from before the media library has no photographs yet, which is no problem.
      if (!partial && !OPTIONAL_FILES.has(file)) problems.push(`${file}: missing`);
      return (file === "settings.yaml" ? undefined : []) as z.infer<T>;
    }
    let raw: unknown;
    try {
      raw = readYaml(path);
    } catch (error) {
      problems.push(`${file}: not valid YAML: ${(error as Error).message.split("\n")[0]}`);
      return undefined as z.infer<T>;
    }
    const result = s.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${file}: ${issue.path.join(".")}: ${issue.message}`);
      return undefined as z.infer<T>;
    }
    return result.data;
  }
  function loadFolder<T extends z.ZodType>(folder: string, s: T): Array<z.infer<T>> {
    const path = join(dir, folder);
    if (!existsSync(path)) return [];
    return readdirSync(path)
      .filter((f) => f.endsWith(".yaml"))
      .sort()
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
    places: [
      ...loadFolder("places", schema.placeFile).map((p) => ({ ...p, kind: "site" as const })),
      ...loadFolder("culture", schema.placeFile).map((p) => ({ ...p, kind: "culture" as const })),
    ],
    services: loadFolder("services", schema.serviceProviderFile),
    pictures: load("pictures.yaml", schema.pictureFile),
    videos: load("videos.yaml", schema.videoFile),
    guide: loadFolder("plan", schema.guidePage).sort((a, b) => a.order - b.order),
  };
  if (problems.length) throw new ContentError(problems);
  return files;
}
