// Which public rows a publish writes: one place's, or the whole site's. A place, its media (videos, sign-language
// videos, panoramas and tours: one document per place, of the same slug) and a library video of one place all
// end up in that place's rows, so publishing any of them writes that place alone (place-publishing.ts); the few
// items many places name (cities, categories, pictures, settings...) still take the whole-site path.
import type { DocumentsRepository } from "../../db/repositories/documents.ts";
import { contentProblems, type ContentProblem } from "./checks.ts";
import { FOLDER_TYPES, type DocumentType } from "./documents.ts";
import type { ContentFiles } from "./files.ts";
import { type Item, publishedAlone } from "./place-publishing.ts";

/** One place to write: the item, its files (the place and what it names; null when not on the site), and the problems of the part changed. */
type PlaceTarget = { item: Item; place: ContentFiles | null; problems: ContentProblem[] };
/** The item with the published items it names, read by their keys. */
type References = (type: DocumentType, slug: string, body: unknown) => Promise<ContentFiles>;

/** The place a publish of `doc` (to `body`, or off the site when null) writes, or undefined for the whole site. */
export async function placeTarget(
  documents: DocumentsRepository,
  references: References,
  type: DocumentType,
  doc: { slug: string; published: unknown },
  body: unknown | null,
): Promise<PlaceTarget | undefined> {
  if (publishedAlone(type))
    return { item: { type, slug: doc.slug }, place: body === null ? null : await references(type, doc.slug, body), problems: [] };
  if (type === "media") return onPlace(doc.slug, []);
  if (type !== "video") return undefined;
  const places = new Set([placeOf(doc.published), placeOf(body)].filter((p) => p !== undefined));
  // A video moved from one place to another changes both: the whole-site path writes them.
  if (places.size !== 1) return undefined;
  const own =
    body === null
      ? []
      : contentProblems(await references("video", doc.slug, body)).filter((p) => p.type === "video" && p.slug === doc.slug);
  return onPlace([...places][0], own);

  async function onPlace(slug: string, problems: ContentProblem[]): Promise<PlaceTarget | undefined> {
    for (const placeType of FOLDER_TYPES) {
      const place = await documents.get(placeType, slug);
      if (place)
        return {
          item: { type: placeType, slug },
          place: place.published ? await references(placeType, slug, place.published) : null,
          problems,
        };
    }
    return undefined;
  }
}

const placeOf = (body: unknown) => (body as { place?: string } | null)?.place;
