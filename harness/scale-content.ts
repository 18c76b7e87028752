// A content folder at national scale, for the bench's `scale` part: the seed's sites, culture places and
// service providers kept as they are, and copies of them (round robin, so the three kinds keep their shares)
// until there are `places` in all. A copy has its own slug (`palmyra-2`), its name numbered in every language
// (`Palmyra 2`, `تدمر 2`), its position moved a little but kept inside its city's radius (checks.ts), and is
// neither featured nor on a UNESCO list. Its texts are the original's, in all seven languages.
//
// Pictures: a seed image is drawn from its motif with the image's key (`palmyra-2-1`) as the drawing's seed,
// and encoded under that key (domain/content/images.ts, domain/media/site-images.ts), so every copied image
// would be a new drawing, encoded anew: hours at 50,000 places. A copy's images name the seed's library
// photographs instead (`picture:`, pictures.yaml), which the media library encodes once per store whatever
// the number of places that show them; each image keeps its motif and caption.
//
// `node harness/scale-content.ts <folder> <places>` writes one; the folder must not exist yet.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse, stringify } from "yaml";
import { distanceKm } from "../domain/content/checks.ts";
import { randomFrom } from "../domain/media/illustrate.ts";
import { LANGUAGE_CODES } from "../shared/languages.ts";

/** The folders of one file per place, in the order the loader reads them. */
const PLACE_FOLDERS = ["places", "culture", "services"] as const;
/** Farthest a copy is moved from its original, in km; then pulled back inside its city's radius if need be. */
const JITTER_KM = 4;
/** A copy is kept this far inside the radius, so that rounding its coordinates cannot take it out. */
const INSIDE = 0.97;

type Raw = Record<string, any>;
type City = { slug: string; centre: { lat: number; lng: number }; radiusKm: number };

export type ScaleContent = { dir: string; places: number; seedPlaces: number; copies: number; pictures: string[] };

/** The seed's place count (sites, culture places and service providers): the least a generated set has. */
export function seedPlaceCount(source = "content"): number {
  return PLACE_FOLDERS.reduce((n, folder) => n + yamlFiles(join(source, folder)).length, 0);
}

const yamlFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".yaml"))
        .sort()
    : [];

/** A point moved up to `km` in a random direction (a flat approximation, fine at this distance). */
function moved(from: { lat: number; lng: number }, km: number, random: () => number) {
  const angle = random() * 2 * Math.PI;
  const distance = Math.sqrt(random()) * km;
  const dLat = (distance * Math.cos(angle)) / 111.32;
  const dLng = (distance * Math.sin(angle)) / (111.32 * Math.cos((from.lat * Math.PI) / 180));
  return { lat: from.lat + dLat, lng: from.lng + dLng };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The copy's position: near the original, inside the city's radius and the schema's bounds. */
function copyPosition(original: { lat: number; lng: number }, city: City, random: () => number) {
  let p = moved(original, JITTER_KM, random);
  const limit = city.radiusKm * INSIDE;
  const km = distanceKm(p, city.centre);
  if (km > limit) {
    const f = limit / km;
    p = { lat: city.centre.lat + (p.lat - city.centre.lat) * f, lng: city.centre.lng + (p.lng - city.centre.lng) * f };
  }
  const at = {
    lat: round4(Math.min(37.5, Math.max(32, p.lat))),
    lng: round4(Math.min(42.5, Math.max(35.5, p.lng))),
  };
  if (distanceKm(at, city.centre) > city.radiusKm) throw new Error(`a copy in ${city.slug} fell outside its radius`);
  return at;
}

/** A name with the copy's number after it, in every language it has. */
function numbered(name: Record<string, string>, n: number): Record<string, string> {
  return Object.fromEntries(Object.entries(name).map(([language, text]) => [language, `${text} ${n}`]));
}

/**
 * Writes a content folder of `places` places into `dir` (which must not exist): the seed's own files, and
 * copies of its places. The media folder (library photographs, videos, captions, panoramas) is the seed's,
 * linked, not copied.
 */
export function writeScaleContent(dir: string, places: number, { source = "content", seed = "scale" } = {}): ScaleContent {
  const from = resolve(source);
  if (existsSync(dir)) throw new Error(`${dir} exists already`);
  const originals: Array<{ folder: (typeof PLACE_FOLDERS)[number]; file: string; body: Raw }> = PLACE_FOLDERS.flatMap((folder) =>
    yamlFiles(join(from, folder)).map((file) => ({ folder, file, body: parse(readFileSync(join(from, folder, file), "utf8")) as Raw })),
  );
  if (places < originals.length) throw new Error(`a set has at least the seed's ${originals.length} places, not ${places}`);
  const cities = new Map((parse(readFileSync(join(from, "cities.yaml"), "utf8")) as City[]).map((c) => [c.slug, c]));
  const pictures = ((existsSync(join(from, "pictures.yaml")) ? parse(readFileSync(join(from, "pictures.yaml"), "utf8")) : []) as Raw[]).map(
    (p) => p.slug as string,
  );
  if (!pictures.length) throw new Error(`${from}/pictures.yaml lists no photograph for the copies' images`);

  mkdirSync(dir, { recursive: true });
  // Everything but the place folders as it is: the top-level files, the guide and the glossary copied, the
  // media folder linked (its files are only read).
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".yaml")) writeFileSync(join(dir, entry.name), readFileSync(join(from, entry.name)));
    else if (entry.isDirectory() && (entry.name === "plan" || entry.name === "glossary")) {
      mkdirSync(join(dir, entry.name));
      for (const file of yamlFiles(join(from, entry.name)))
        writeFileSync(join(dir, entry.name, file), readFileSync(join(from, entry.name, file)));
    }
  }
  symlinkSync(join(from, "media"), join(dir, "media"), "dir");
  for (const folder of PLACE_FOLDERS) mkdirSync(join(dir, folder));
  const slugs = new Set<string>();
  for (const o of originals) {
    writeFileSync(join(dir, o.folder, o.file), readFileSync(join(from, o.folder, o.file)));
    slugs.add(o.body.slug);
  }

  const random = randomFrom(`${seed}:${places}`);
  const copies = places - originals.length;
  for (let i = 0; i < copies; i++) {
    const o = originals[i % originals.length];
    const n = Math.floor(i / originals.length) + 2;
    const slug = `${o.body.slug}-${n}`;
    if (slugs.has(slug)) throw new Error(`the copy's slug ${slug} is taken`);
    slugs.add(slug);
    const city = cities.get(o.body.city);
    if (!city) throw new Error(`${o.folder}/${o.file}: unknown city ${o.body.city}`);
    const { inDangerSince: _, ...rest } = o.body;
    const body: Raw = {
      ...rest,
      slug,
      coordinates: copyPosition(o.body.coordinates, city, random),
      featured: false,
      unesco: false,
      name: numbered(o.body.name, n),
      images: (o.body.images as Raw[]).map((image, j) => ({ ...image, picture: pictures[(i + j) % pictures.length] })),
    };
    writeFileSync(join(dir, o.folder, `${slug}.yaml`), stringify(body, { lineWidth: 0 }));
  }
  return { dir, places, seedPlaces: originals.length, copies, pictures };
}

/** The slugs of the first copies (of the first seed files, by folder and name), which every set of that size has. */
export function copySlugs(count: number, source = "content"): Array<{ type: "site" | "culture" | "service"; slug: string; name: string }> {
  const originals = PLACE_FOLDERS.flatMap((folder) =>
    yamlFiles(join(source, folder)).map((file) => ({ folder, body: parse(readFileSync(join(source, folder, file), "utf8")) as Raw })),
  );
  const type = { places: "site", culture: "culture", services: "service" } as const;
  return originals.slice(0, count).map((o) => ({ type: type[o.folder], slug: `${o.body.slug}-2`, name: `${o.body.name.en} 2` }));
}

if (import.meta.main) {
  const [dir, count] = process.argv.slice(2);
  if (!dir || !(Number(count) > 0)) {
    console.error("usage: node harness/scale-content.ts <folder> <places>");
    process.exit(2);
  }
  const started = performance.now();
  const made = writeScaleContent(dir, Number(count));
  console.log(
    `${made.places} places (${made.seedPlaces} of the seed, ${made.copies} copies; ${LANGUAGE_CODES.length} languages) in ${dir}, ` +
      `${Math.round(performance.now() - started)} ms`,
  );
}
