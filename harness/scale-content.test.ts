// A generated content set passes the checks `content:check` makes, and its copies are what the scale bench
// part needs: new slugs, numbered names, inside their city, pictures that are the library's photographs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readContent } from "../domain/content/files.ts";
import { checkContent } from "../domain/content/checks.ts";
import { glossaryProblems, readGlossary } from "../domain/content/glossary.ts";
import { copySlugs, seedPlaceCount, writeScaleContent } from "./scale-content.ts";

describe("a content set at scale", () => {
  const root = mkdtempSync(join(tmpdir(), "scale-content-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const seed = seedPlaceCount();
  const size = seed * 2 + 5;
  const made = writeScaleContent(join(root, "set"), size);
  const files = readContent(made.dir);

  it("passes content:check's checks, translations and glossary included", () => {
    expect(checkContent(files, { complete: true })).toEqual([]);
    expect(glossaryProblems(files, readGlossary(made.dir))).toEqual([]);
  });

  it("has the size asked for, the seed's places and copies of them", () => {
    expect(files.places.length + files.services.length).toBe(size);
    expect(made.copies).toBe(size - seed);
    const [first] = copySlugs(1);
    const copy = [...files.places, ...files.services].find((p) => p.slug === first.slug);
    expect(copy?.name.en).toBe(first.name);
    expect(copy?.featured).toBe(false);
    expect(copy?.images.every((img) => img.picture && made.pictures.includes(img.picture))).toBe(true);
  });

  it("refuses a size below the seed's", () => {
    expect(() => writeScaleContent(join(root, "small"), seed - 1)).toThrow(/at least/);
  });
});
