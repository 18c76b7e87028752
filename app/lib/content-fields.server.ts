// The form's fields made from each kind's schema and its layout (content-fields.ts): the schema says what a
// field is, as JSON Schema (zod's own reading of it, a stable form to walk), and the layout where and how it
// is shown. A layout naming a field the schema does not have fails here, when the server starts.
import { z } from "zod";
import { DOCUMENT_TYPES, type DocumentType, isDocumentType } from "../../domain/content/documents";
import { LANGUAGE_CODES } from "../../shared/languages";
import { CONTENT_LAYOUT, type FieldLayout, type FieldSpec } from "./content-fields";

/** The little of JSON Schema that zod writes for the content's schemas and the form needs. */
type Json = {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
};

/**
 * A field as the schema has it: in the first variant of a union that has it (`schema`) and in each (`all`);
 * `inOptional`: within an object a draft may leave out.
 */
type Found = { schema: Json; all: Json[]; optional: boolean; nullable: boolean; inOptional: boolean };

/** The objects a schema may be: itself, or each variant of a union of objects. */
const variants = (schema: Json): Json[] => schema.oneOf ?? schema.anyOf ?? [schema];

/**
 * A property of an object (or of the variants of a union). A field with a default is not optional: the form
 * marks it, and an empty one is the default's to fill. A nullable one is optional (null says "not given").
 */
function property(objects: Json[], name: string, path: string): Omit<Found, "inOptional"> {
  const found = objects.filter((o) => o.properties?.[name]);
  const first = found[0]?.properties?.[name];
  if (!first) throw new Error(`The form shows ${path}, which its schema does not have`);
  const nonNull = first.anyOf?.filter((s) => s.type !== "null") ?? [first];
  const nullable = nonNull.length < (first.anyOf?.length ?? 1);
  const schema = (nullable && nonNull.length === 1 && nonNull[0]) || first;
  const all = found.flatMap((o) => o.properties?.[name] ?? []);
  const required = (o: Json) => o.required?.includes(name) || o.properties?.[name]?.default !== undefined;
  return { schema, all, nullable, optional: nullable || found.length < objects.length || !found.every(required) };
}

/** The field at a dotted path ("status.source.url", a list's "social.network"). */
function fieldAt(objects: Json[], path: string): Found {
  let found: Found = { schema: { type: "object" }, all: [], optional: false, nullable: false, inOptional: false };
  let within = objects;
  for (const part of path.split(".")) {
    found = { ...property(within, part, path), inOptional: found.inOptional || found.optional };
    within = variants(found.schema.items ?? found.schema);
  }
  return found;
}

const isTranslated = (schema: Json) =>
  schema.type === "object" &&
  Object.keys(schema.properties ?? {})
    .sort()
    .join() === [...LANGUAGE_CODES].sort().join();
const isNumeric = (schema: Json) =>
  schema.type === "number" || schema.type === "integer" || (schema.enum?.every((v) => typeof v === "number") ?? false);

const STRING_KINDS: Record<string, "url" | "email" | "date"> = { uri: "url", email: "email", date: "date" };

/** What the field is, by its schema, in the widget its layout asks for (a choice's is its own). */
function kindOf(layout: FieldLayout, schema: Json, path: string): Exclude<FieldSpec["kind"], "choice"> {
  if (layout.widget === "long" && !isTranslated(schema)) throw new Error(`The form shows ${path} as a translated text`);
  if (layout.widget) return layout.widget;
  if (layout.fields) return "group";
  if (isTranslated(schema)) return "translated";
  if (schema.type === "array") return "lines";
  if (schema.type === "boolean" || schema.type === "integer" || schema.type === "number") return schema.type;
  if (schema.type === "string") return STRING_KINDS[schema.format ?? ""] ?? "text";
  throw new Error(`The form does not say how to show ${path}`);
}

/**
 * A field's spec. Only what is so is written (`optional: true`, never `optional: false`). A box left unticked
 * is saved as false, unless the object it is in may be absent: its false would make that object.
 */
function spec(layout: FieldLayout, objects: Json[], path: string): FieldSpec {
  const found = fieldAt(objects, layout.name);
  const { schema, nullable, inOptional } = found;
  const optional = found.optional || inOptional;
  const flags = { ...(layout.label && { label: layout.label }) };
  if (layout.options)
    return {
      name: layout.name,
      kind: "choice",
      options: layout.options,
      ...(optional && { optional }),
      ...(isNumeric(schema) && { numeric: true }),
      ...flags,
    };
  const kind = kindOf(layout, schema, path);
  switch (kind) {
    case "group": {
      // The layout may ask for more rows than a draft must have (what publishing needs), never fewer.
      const min = Math.max(layout.min ?? 0, schema.minItems ?? 0);
      const rows = variants(schema.items ?? {});
      const fields = (layout.fields ?? []).map((f) => spec(f, rows, `${path}.${f.name}`));
      return { name: layout.name, kind, ...(min > 0 && { min }), fields, ...flags };
    }
    case "boolean":
      return { name: layout.name, kind, ...(inOptional && { optional }), ...flags };
    case "number":
    case "integer":
      return { name: layout.name, kind, ...(optional && { optional }), ...(layout.step && { step: layout.step }), ...flags };
    case "text":
    case "url":
    case "email":
    case "date":
      return { name: layout.name, kind, ...(optional && { optional }), ...(nullable && { nullable }), ...flags };
    case "translated":
    case "long":
      return { name: layout.name, kind, ...(optional && { optional }), ...flags };
    default:
      return { name: layout.name, kind, ...flags };
  }
}

const objectsOf = (schema: z.ZodType) => variants(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json);

/** The fields of a kind's form, from its schema (what it is) and its layout (where and how it is shown). */
export function fieldSpecs(schema: z.ZodType, layout: FieldLayout[]): FieldSpec[] {
  const objects = objectsOf(schema);
  return layout.map((field) => spec(field, objects, field.name));
}

/**
 * The values a choice's schema allows, in its order: an enum's, the variants' of a union (a media entry's
 * kind), or the integers of a range (a hotel's stars).
 */
export function schemaChoices(type: DocumentType, path: string): Array<string | number> {
  const { all } = fieldAt(objectsOf(DOCUMENT_TYPES[type].schema), path);
  const values = all.flatMap((s) => s.anyOf ?? [s]).flatMap((s) => s.enum ?? (s.const === undefined ? [] : [s.const]));
  if (values.length > 0) return values as Array<string | number>;
  const range = all[0]?.anyOf?.find((s) => s.type === "integer") ?? all[0];
  const { minimum = 0, maximum = -1 } = range ?? {};
  if (range?.type !== "integer" || maximum - minimum > 100) throw new Error(`${type} ${path} is no choice`);
  return Array.from({ length: maximum - minimum + 1 }, (_, i) => minimum + i);
}

/** The fields of each kind of content the workspace edits. */
export const CONTENT_FIELDS: Record<string, FieldSpec[]> = Object.fromEntries(
  Object.entries(CONTENT_LAYOUT).map(([type, layout]) => {
    if (!isDocumentType(type)) throw new Error(`The form lays out ${type}, which is no kind of content`);
    return [type, fieldSpecs(DOCUMENT_TYPES[type].schema, layout)];
  }),
);
