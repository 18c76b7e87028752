// The workspace's form against the content's schemas: every field a schema has is in its form (or left to an
// upload or the server), what the form says of a field (its kind, whether a draft may leave it empty, its rows)
// follows its schema, and a change to a schema changes the form.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DOCUMENT_TYPES } from "../../domain/content/documents";
import { placeSizeProblems } from "../../domain/content/checks";
import { guidePage, settingsFile, translated } from "../../domain/content/schema";
import { LANGUAGE_CODES } from "../../shared/languages";
import { CONTENT_LAYOUT, type FieldSpec } from "./content-fields";
import { CONTENT_FIELDS, fieldSpecs, schemaChoices } from "./content-fields.server";

/** What a kind's form does not show: the slug (the new item's form asks for it), and what uploads set. */
const NOT_IN_FORM: Record<string, string[]> = {
  service: ["sample"],
  video: ["width", "height", "seconds", "captions"],
};

type Json = { properties?: Record<string, Json>; items?: Json; anyOf?: Json[]; oneOf?: Json[]; type?: string };

/** The fields of a schema, as paths; an object's fields are its own, but a translated text is one field. */
function schemaFields(json: Json, prefix = ""): string[] {
  const variants = json.oneOf ?? json.anyOf?.filter((s) => s.type !== "null") ?? [json];
  const names = new Set(variants.flatMap((v) => Object.keys(v.properties ?? {})));
  if (names.size === 0 || [...names].sort().join() === [...LANGUAGE_CODES].sort().join()) return prefix ? [prefix] : [];
  return [...names].flatMap((name) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const field = variants.map((v) => v.properties?.[name]).find(Boolean) ?? {};
    const shown = field.type === "array" ? (field.items ?? {}) : field;
    return schemaFields(shown, path);
  });
}

/** The fields a form shows, as paths (a list's row fields under the list's name). */
const formFields = (specs: FieldSpec[], prefix = ""): string[] =>
  specs.flatMap((spec) => {
    const path = prefix ? `${prefix}.${spec.name}` : spec.name;
    return spec.kind === "group" ? formFields(spec.fields, path) : [path];
  });

const field = (specs: FieldSpec[], name: string) => specs.find((s) => s.name === name);

describe("the workspace's form", () => {
  it.each(Object.keys(CONTENT_LAYOUT))("shows every field of a %s its schema has, and none it has not", (type) => {
    const schema = DOCUMENT_TYPES[type as keyof typeof DOCUMENT_TYPES].schema;
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
    const shown = formFields(CONTENT_FIELDS[type] ?? []);
    const notShown = ["slug", ...(NOT_IN_FORM[type] ?? [])];
    // A field the form shows whole (a media entry's details, written as YAML) stands for the fields within it.
    const whole = (path: string) => shown.find((s) => path.startsWith(`${s}.`)) ?? path;
    const inSchema = new Set(schemaFields(json).map(whole));
    expect(shown.sort()).toEqual([...inSchema].filter((path) => !notShown.includes(path.split(".")[0] ?? "")).sort());
  });

  it("marks as needed what a draft may leave empty, but not what has a default or may be null", () => {
    const settings = CONTENT_FIELDS.settings ?? [];
    expect(field(settings, "address")).not.toHaveProperty("optional");
    expect(field(settings, "retentionMonths")).toEqual({ name: "retentionMonths", kind: "integer" });
    expect(field(settings, "phone")).toEqual({ name: "phone", kind: "text", optional: true, nullable: true });
    expect(field(CONTENT_FIELDS.site ?? [], "status.verified")).toMatchObject({ kind: "date", optional: true });
    expect(field(CONTENT_FIELDS.service ?? [], "star")).toMatchObject({ kind: "choice", optional: true, numeric: true });
  });

  it("saves a box left unticked as false, but leaves it out of an object a draft may leave out", () => {
    expect(field(CONTENT_FIELDS.video ?? [], "sign")).toEqual({ name: "sign", kind: "boolean" });
    expect(field(CONTENT_FIELDS.site ?? [], "status.seen")).toMatchObject({ kind: "boolean", optional: true });
  });

  it("offers as many picture rows as a place needs to be published, and a list's rows as its schema needs", () => {
    const [tooFew] = placeSizeProblems(true, { information: { en: "word ".repeat(500) }, images: [] });
    expect(field(CONTENT_FIELDS.site ?? [], "images")).toMatchObject({ kind: "group", min: tooFew?.values.min });
    expect(field(CONTENT_FIELDS.settings ?? [], "social")).toMatchObject({ kind: "group", min: 3 });
    expect(field(CONTENT_FIELDS.guide ?? [], "sections")).toMatchObject({ kind: "group", min: 1 });
    expect(field(CONTENT_FIELDS.guide ?? [], "sources")).not.toHaveProperty("min");
  });

  it("changes with its schema", () => {
    const settings = fieldSpecs(
      settingsFile.extend({ social: settingsFile.shape.social.length(4), phone: z.email(), retentionMonths: z.number() }),
      CONTENT_LAYOUT.settings ?? [],
    );
    expect(field(settings, "social")).toMatchObject({ min: 4 });
    expect(field(settings, "phone")).toEqual({ name: "phone", kind: "email" });
    expect(field(settings, "retentionMonths")).toEqual({ name: "retentionMonths", kind: "number" });
    const guide = fieldSpecs(guidePage.extend({ summary: translated.optional() }), CONTENT_LAYOUT.guide ?? []);
    expect(field(guide, "summary")).toEqual({ name: "summary", kind: "long", optional: true });
  });

  it("offers the choices a schema allows: an enum's values, a union's kinds, an integer range", () => {
    expect(schemaChoices("settings", "social.network")).toEqual(settingsFile.shape.social.element.shape.network.options);
    expect(schemaChoices("media", "entries.kind")).toEqual(["video", "sign", "youtube", "panorama", "tour"]);
    expect(schemaChoices("service", "star")).toEqual([1, 2, 3, 4, 5]);
    expect(() => schemaChoices("city", "radiusKm")).toThrow(/radiusKm/);
  });

  it("refuses a layout that names a field its schema does not have, or shows one as what it is not", () => {
    expect(() => fieldSpecs(guidePage, [{ name: "subtitle" }])).toThrow(/subtitle/);
    expect(() => fieldSpecs(guidePage, [{ name: "order", widget: "long" }])).toThrow(/order/);
  });
});
