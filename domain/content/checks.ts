// Checks across content files that a schema alone cannot express: references, scripts, distances, lengths.
import type { ContentFiles } from "./files.ts";
import type { Translated } from "./schema.ts";
import { LANGUAGE_CODES } from "../../shared/languages.ts";

const ARABIC = /\p{Script=Arabic}/u;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Problems with one translated text: scripts per language and English left untranslated. */
function checkText(where: string, text: Translated, { isName }: { isName: boolean }): string[] {
  const problems: string[] = [];
  // Names may be written in Latin letters in an Arabic or Chinese text only if they are names.
  if (!ARABIC.test(text.ar)) problems.push(`${where}.ar is not in Arabic script`);
  if (!HAN.test(text.zh)) problems.push(`${where}.zh is not in Chinese characters`);
  if (!isName) {
    for (const code of LANGUAGE_CODES) {
      if (code !== "en" && text[code] === text.en && LATIN.test(text.en)) {
        problems.push(`${where}.${code} is identical to the English text`);
      }
    }
  }
  return problems;
}

export function checkContent(c: ContentFiles): string[] {
  const problems: string[] = [];
  const categories = new Map(c.categories.map((x) => [x.slug, x]));
  const cities = new Map(c.cities.map((x) => [x.slug, x]));
  const serviceTypes = new Set(c.serviceTypes.map((x) => x.slug));

  const unique = (label: string, slugs: string[]) => {
    const seen = new Set<string>();
    for (const s of slugs) {
      if (seen.has(s)) problems.push(`${label}: slug "${s}" is used twice`);
      seen.add(s);
    }
  };
  unique(
    "categories",
    c.categories.map((x) => x.slug),
  );
  unique(
    "cities",
    c.cities.map((x) => x.slug),
  );
  unique(
    "places",
    [...c.places, ...c.services].map((x) => x.slug),
  );
  unique(
    "gallery",
    c.gallery.map((x) => x.slug),
  );
  unique(
    "experiences",
    c.experiences.map((x) => x.slug),
  );

  for (const l of c.languages) if (!/./u.test(l.name)) problems.push(`language ${l.code} has no name`);
  for (const x of c.categories) {
    problems.push(...checkText(`category ${x.slug}.name`, x.name, { isName: true }));
    if (x.description) problems.push(...checkText(`category ${x.slug}.description`, x.description, { isName: false }));
  }
  for (const x of c.cities) {
    problems.push(...checkText(`city ${x.slug}.name`, x.name, { isName: true }));
    if (!x.description) problems.push(`city ${x.slug} has no description`);
    else problems.push(...checkText(`city ${x.slug}.description`, x.description, { isName: false }));
  }
  for (const x of c.serviceTypes) {
    problems.push(...checkText(`service type ${x.slug}.name`, x.name, { isName: true }));
    problems.push(...checkText(`service type ${x.slug}.description`, x.description, { isName: false }));
  }
  for (const x of [...c.gallery, ...c.experiences]) {
    problems.push(...checkText(`${x.slug}.title`, x.title, { isName: true }));
    problems.push(...checkText(`${x.slug}.description`, x.description, { isName: false }));
    if ("city" in x && typeof x.city === "string" && !cities.has(x.city)) problems.push(`experience ${x.slug}: unknown city ${x.city}`);
  }

  for (const p of [...c.places, ...c.services]) {
    const where = `place ${p.slug}`;
    const category = categories.get(p.category);
    const city = cities.get(p.city);
    if (!category) problems.push(`${where}: unknown category ${p.category}`);
    if (!city) problems.push(`${where}: unknown city ${p.city}`);
    else {
      const km = distanceKm(p.coordinates, city.centre);
      if (km > city.radiusKm) problems.push(`${where}: ${km.toFixed(0)} km from ${city.slug}, outside its ${city.radiusKm} km`);
    }
    const isService = "service" in p;
    if (isService && !serviceTypes.has(p.service)) problems.push(`${where}: unknown service ${p.service}`);
    if (category) {
      const expected = isService ? 2 : "kind" in p && p.kind === "culture" ? 4 : 1;
      if (category.kind !== expected) problems.push(`${where}: category ${p.category} is of kind ${category.kind}, expected ${expected}`);
    }
    problems.push(...checkText(`${where}.name`, p.name, { isName: true }));
    for (const field of ["address", "summary", "information"] as const) {
      problems.push(...checkText(`${where}.${field}`, p[field], { isName: false }));
    }
    if (wordCount(p.information.en) < 120) problems.push(`${where}.information.en has ${wordCount(p.information.en)} words, needs 120`);
    if (!isService && p.images.length < 3) problems.push(`${where}: ${p.images.length} images, a tourist site needs 3`);
    for (const [i, img] of p.images.entries()) problems.push(...checkText(`${where}.images.${i}.caption`, img.caption, { isName: false }));
  }
  return problems;
}
