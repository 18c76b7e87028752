// What a save changes in a draft, and which of a posted form's fields it may change at all.
import { DOCUMENT_TYPES, type DocumentType } from "./documents.ts";

/**
 * Whether two bodies are the same document, as they are stored: by their JSON text, so the order of keys counts
 * (a body whose keys were reordered is stored, published and versioned anew, and a load must see it so too).
 */
export function sameBody(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every leaf of a body by its path ("images.0.caption.fr"), to tell what a save changes. */
function leaves(value: unknown, path = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
    if (Object.keys(value).length === 0) out.set(path, Array.isArray(value) ? [] : {});
  } else out.set(path, value);
  return out;
}
export function changedPaths(before: unknown, after: unknown): Array<{ path: string; before: unknown; after: unknown }> {
  const a = leaves(before);
  const b = leaves(after);
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((p) => !sameBody(a.get(p), b.get(p)))
    .map((path) => ({ path, before: a.get(path), after: b.get(path) }));
}

/**
 * Fields only an upload sets: the library's file and what was read from its bytes, and a video's checked
 * captions files. A save keeps them as they are, whatever a form posts.
 */
const UPLOADED_FIELDS: Partial<Record<DocumentType, readonly string[]>> = {
  picture: ["file"],
  video: ["file", "width", "height", "seconds", "captions"],
};
export function uploadedFields(type: DocumentType, draft: unknown): Record<string, unknown> {
  const kept = Object.entries((draft ?? {}) as Record<string, unknown>).filter(([key]) => UPLOADED_FIELDS[type]?.includes(key));
  return Object.fromEntries(kept);
}

/** A form's body as the type's document: the slug belongs in it only where the type's files carry it. */
export function documentBody(type: DocumentType, form: unknown, slug: string): unknown {
  const { slug: _posted, ...rest } = (form ?? {}) as Record<string, unknown>;
  return DOCUMENT_TYPES[type].keyed ? { ...rest, slug } : rest;
}
