// A content document's row as the repository answers it: its bodies parsed, its review waiting, if any.
import type { Selectable } from "kysely";
import type { Database } from "../schema.ts";

export type DocumentRow = {
  type: string;
  slug: string;
  position: number;
  draft: unknown;
  revision: number;
  published: unknown | null;
  publishedAt: string | null;
  /** The draft revision the published body is; null off the site, 0 when it is no revision of the draft. */
  publishedRevision: number | null;
  publishAt: string | null;
  translatedFrom: Record<string, string>;
  updatedAt: string;
  updatedBy: string | null;
  /** The change waiting for a second person's review, if one is (decision 031). */
  review: WaitingReview | null;
};
/** A revision submitted for review: by whom, for whom (null: any other editor) and when. */
export type WaitingReview = { revision: number; by: string; for: string | null; at: string };
export type NewDocument = { type: string; slug: string; position: number; body: unknown; translatedFrom: Record<string, string> };

export const reviewOf = (
  r: Pick<Selectable<Database["content_documents"]>, "review_revision" | "review_by" | "review_for" | "review_at">,
) =>
  r.review_revision === null || r.review_by === null || r.review_at === null
    ? null
    : { revision: Number(r.review_revision), by: r.review_by, for: r.review_for, at: r.review_at };

export function fromRow(r: Selectable<Database["content_documents"]>): DocumentRow {
  return {
    type: r.type,
    slug: r.slug,
    position: r.position,
    draft: JSON.parse(r.draft),
    revision: r.revision,
    published: r.published === null ? null : JSON.parse(r.published),
    publishedAt: r.published_at,
    publishedRevision: r.published_revision === null ? null : Number(r.published_revision),
    publishAt: r.publish_at,
    translatedFrom: JSON.parse(r.translated_from),
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
    review: reviewOf(r),
  };
}
