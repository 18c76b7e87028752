// What the workspace's content list can be filtered and sorted by: the page offers these, the repository
// makes them SQL.
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
