// The workspace's content list and translations table at tens of thousands of places: the columns they filter,
// sort and count by were added after the bodies (migrations 008, 014, 015), so reading them went through every
// row's body (kilobytes of JSON each, on overflow pages). One index holding those columns in list order lets a
// page, its filter by name, city, category or translation work, and its count be read from the index alone,
// and only the page's 50 rows from the table.
import type { Kysely } from "kysely";

/** The columns of the list's index, in its order (017 makes it again with more after them). */
export const LIST_INDEX_COLUMNS = [
  "type",
  "position",
  "slug",
  "title",
  "city",
  "category",
  "untranslated",
  "outdated",
  "publish_at",
  "updated_at",
  "updated_by",
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("content_documents_list_idx").on("content_documents").columns(LIST_INDEX_COLUMNS).execute();
}
