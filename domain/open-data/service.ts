// The open datasets (decision 032), made from the published content lazily: the first request after a publish
// builds the file for that content version (places read 500 at a time, written as they are read, never held
// whole), with its gzip and brotli copies beside it; every later request for that version is a file read. A
// publish therefore costs nothing here, and 50,000 places never sit in memory. Each instance builds its own copy
// under OPEN_DATA_DIR; older versions are removed once a newer one is built.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { randomUUID } from "node:crypto";
import type { OpenDataRepository } from "../../db/repositories/open-data.ts";
import { CSV_COLUMNS, csvLine, placeFeature, placeRows, type PlaceContext } from "./places.ts";

export const DATASETS = {
  "places.geojson": { type: "application/geo+json; charset=utf-8" },
  "places.csv": { type: "text/csv; charset=utf-8; header=present" },
} as const;
export type DatasetName = keyof typeof DATASETS;
export const isDatasetName = (name: string): name is DatasetName => Object.hasOwn(DATASETS, name);

/** Places read at a time while a dataset is written. */
const BATCH = 500;

/** A dataset built for a content version: its file in each encoding it is kept in. */
type BuiltDataset = { version: number; modified: Date; encodings: Record<"br" | "gzip" | "identity", string> };

export function openDataService(d: {
  repo: OpenDataRepository;
  version: () => Promise<number>;
  /** Where the files are kept: a folder per database (its installation id), then one per content version. */
  dir: string;
  installation: () => Promise<string>;
  origin: () => string;
}) {
  const building = new Map<string, Promise<BuiltDataset>>();

  async function context(): Promise<PlaceContext> {
    const [cities, categories] = await Promise.all([d.repo.cities(), d.repo.categories()]);
    return { origin: d.origin(), cities: new Map(cities.map((c) => [c.id, c])), categories: new Map(categories.map((c) => [c.id, c])) };
  }

  /** Every published place's text in the dataset's format, a batch at a time. */
  async function* chunks(name: DatasetName): AsyncGenerator<string> {
    const c = await context();
    const geojson = name === "places.geojson";
    yield geojson ? '{"type":"FeatureCollection","features":[' : csvLine(CSV_COLUMNS);
    let after = 0;
    let first = true;
    for (;;) {
      const rows = await d.repo.placesAfter(after, BATCH);
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
      const features = rows.map((r) => placeFeature(r, c));
      yield geojson ? `${first ? "" : ","}${features.map((f) => JSON.stringify(f)).join(",")}` : features.map(placeRows).join("");
      first = false;
    }
    if (geojson) yield "]}";
  }

  async function build(name: DatasetName, version: number): Promise<BuiltDataset> {
    // Two servers on one machine with databases of their own never read each other's files.
    const root = join(d.dir, await d.installation());
    const folder = join(root, String(version));
    const path = join(folder, name);
    const encodings = { identity: path, gzip: `${path}.gz`, br: `${path}.br` };
    const done = await stat(encodings.br).catch(() => undefined);
    if (done) return { version, modified: done.mtime, encodings };
    await mkdir(folder, { recursive: true });
    // Written under a name of its own, then renamed: a reader never sees half a file.
    const part = `${path}.${randomUUID()}.part`;
    await pipeline(chunks(name), createWriteStream(part));
    await Promise.all([
      pipeline(createReadStream(part), createGzip({ level: 9 }), createWriteStream(`${part}.gz`)),
      pipeline(
        createReadStream(part),
        createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        createWriteStream(`${part}.br`),
      ),
    ]);
    await rename(part, encodings.identity);
    await rename(`${part}.gz`, encodings.gzip);
    await rename(`${part}.br`, encodings.br);
    // What older versions left: nobody asks for them any more.
    for (const entry of await readdir(root))
      if (/^\d+$/.test(entry) && Number(entry) < version) await rm(join(root, entry), { recursive: true, force: true });
    return { version, modified: (await stat(encodings.br)).mtime, encodings };
  }

  return {
    /** The dataset of the content now published, built on first asking; requests meanwhile share the build. */
    async dataset(name: DatasetName): Promise<BuiltDataset> {
      const version = await d.version();
      const key = `${version}/${name}`;
      let made = building.get(key);
      if (!made) {
        made = build(name, version).finally(() => building.delete(key));
        building.set(key, made);
      }
      return made;
    },
    /** When the published places last changed. */
    lastChange: () => d.repo.lastChange(),
    /** The origin the datasets' addresses are written with. */
    origin: d.origin,
  };
}
export type OpenDataService = ReturnType<typeof openDataService>;
