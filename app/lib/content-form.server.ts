// A posted content form back into the document's shape, by the field specs of app/lib/content-fields.server.ts.
// It only converts (numbers, checkboxes, lines, YAML); what is wrong is for the zod schemas to say, so a
// bad value reaches them as it was written and comes back with its message.
import { parse } from "yaml";
import { LANGUAGE_CODES } from "../../shared/languages";
import type { FieldSpec } from "./content-fields";
import { CONTENT_FIELDS } from "./content-fields.server";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
};

/** Whether a row of a group was left empty (the form always offers a spare row). */
function emptyRow(form: FormData, prefix: string): boolean {
  for (const [key, value] of form.entries())
    if (key.startsWith(`${prefix}.`) && typeof value === "string" && value.trim() !== "") return false;
  return true;
}

function rowsOf(form: FormData, prefix: string): number {
  let count = 0;
  for (const key of form.keys()) {
    const match = key.startsWith(`${prefix}.`) ? /^(\d+)\./.exec(key.slice(prefix.length + 1)) : null;
    if (match) count = Math.max(count, Number(match[1]) + 1);
  }
  return count;
}

function value(form: FormData, spec: FieldSpec, path: string): unknown {
  switch (spec.kind) {
    case "text":
    case "url":
    case "email":
    case "date": {
      const v = text(form, path);
      if (v === "" && spec.optional) return spec.nullable ? null : undefined;
      return v;
    }
    case "file":
      return text(form, path) || undefined;
    case "translated":
    case "long": {
      const out: Record<string, string> = {};
      for (const language of LANGUAGE_CODES) {
        const v = text(form, `${path}.${language}`);
        if (v !== "") out[language] = v;
      }
      return Object.keys(out).length === 0 && spec.optional ? undefined : out;
    }
    case "number":
    case "integer": {
      const v = text(form, path);
      return v === "" ? undefined : Number(v);
    }
    case "boolean":
      return form.get(path) === "on" ? true : spec.optional ? undefined : false;
    case "choice": {
      const v = text(form, path);
      if (v === "") return spec.optional && spec.numeric ? null : undefined;
      return spec.numeric ? Number(v) : v;
    }
    case "lines":
      return text(form, path)
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    case "yaml": {
      const v = text(form, path);
      if (v === "") return undefined;
      try {
        return parse(v);
      } catch {
        // Not YAML: handed on as written, so the schema names the field.
        return v;
      }
    }
    case "group": {
      const rows: unknown[] = [];
      for (let i = 0; i < rowsOf(form, path); i++) {
        if (emptyRow(form, `${path}.${i}`)) continue;
        rows.push(fields(form, spec.fields, `${path}.${i}`));
      }
      return rows;
    }
  }
}

/** Nested objects from dotted names: "coordinates.lat" fills {coordinates: {lat}}. */
function fields(form: FormData, specs: FieldSpec[], prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const v = value(form, spec, prefix ? `${prefix}.${spec.name}` : spec.name);
    const dot = spec.name.lastIndexOf(".");
    const objects = dot < 0 ? [] : spec.name.slice(0, dot).split(".");
    // A required field left empty inside an object (coordinates.lat) still makes its object, so the schema
    // names the empty field itself, beside its input, rather than the whole object no input stands for.
    if (v === undefined && (objects.length === 0 || ("optional" in spec && spec.optional))) continue;
    let node = out;
    for (const part of objects) node = (node[part] ??= {}) as Record<string, unknown>;
    if (v !== undefined) node[spec.name.slice(dot + 1)] = v;
  }
  return out;
}

/** The document body a form posted for `type` (with the slug, when the form has one). */
export function bodyFromForm(type: string, form: FormData): Record<string, unknown> {
  const body = fields(form, CONTENT_FIELDS[type] ?? []);
  const slug = text(form, "slug");
  if (slug) body.slug = slug;
  // Service providers are marked as the ministry's samples to verify (content/README.md).
  if (type === "service") body.sample = true;
  return body;
}
