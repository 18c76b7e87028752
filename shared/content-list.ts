// What the workspace's content list and translations table can be filtered and sorted by: the pages offer
// these, the repository makes them SQL.
/** "review": a change waiting for a second person's review (decision 031). */
export const PUBLICATION_STATES = ["draft", "published", "changed", "scheduled", "review"] as const;
export const LIST_SORTS = ["position", "title", "updated", "updatedBy"] as const;

/** An item's translation into one language: a field still to translate, one made from an older English, or neither. */
export const LANGUAGE_WORK = ["missing", "outdated", "done"] as const;

/** The facts a list finds past their review date: a status (or a guide page's review), practical facts, a safety note. */
export const OVERDUE_FACTS = ["status", "practical", "safety"] as const;

export type SummaryFilter = {
  /** Words of the item's names, in any language, misspelt or being typed. */
  words?: string;
  city?: string;
  /** The governorate of the item's city. */
  governorate?: string;
  category?: string;
  /** Only drafts that something keeps from being published (a required field, too few words…). */
  problems?: boolean;
  /**
   * Only items with a fact past its review date (the settings' months after it was checked): a place's status
   * (or a guide page's review), its practical facts, or its safety note.
   */
  overdue?: (typeof OVERDUE_FACTS)[number];
  state?: (typeof PUBLICATION_STATES)[number];
  translation?: { language: string; state: (typeof LANGUAGE_WORK)[number] };
  sort?: (typeof LIST_SORTS)[number];
};

/** What the translations table shows: the work to do (the default), one kind of it, what is done, or all. */
export const TRANSLATION_FILTERS = ["todo", "missing", "outdated", "done", "all"] as const;
export type TranslationFilter = (typeof TRANSLATION_FILTERS)[number];

/** What the list can do at once to the items selected on its page (each item checked and audited on its own). */
export const BULK_INTENTS = ["publish", "unpublish", "schedule"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];
