// What the workspace's content list and translations table can be filtered and sorted by: the pages offer
// these, the repository makes them SQL.
export const PUBLICATION_STATES = ["draft", "published", "changed", "scheduled"] as const;
export const LIST_SORTS = ["position", "title", "updated", "updatedBy"] as const;

export type SummaryFilter = {
  /** Words of the item's title. */
  words?: string;
  city?: string;
  category?: string;
  state?: (typeof PUBLICATION_STATES)[number];
  sort?: (typeof LIST_SORTS)[number];
};

/** What the translations table shows: the work to do (the default), one kind of it, what is done, or all. */
export const TRANSLATION_FILTERS = ["todo", "missing", "outdated", "done", "all"] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number];
