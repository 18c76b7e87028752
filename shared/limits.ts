// Limits shared by the UI and the server, so a form and its endpoint never disagree.
export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

export const SEARCH_LIMITS = {
  /** Longest query accepted; longer ones are cut, not refused (people paste). */
  queryMaxLength: 200,
  /** The API's page size when a client sends no per_page: 5, as the original backend did (ORIGINAL-API.md). */
  defaultPerPage: 5,
  maxPerPage: 50,
  maxPage: 1000,
} as const;

export const LIST_LIMITS = { defaultPerPage: 15, maxPerPage: 50, maxPage: 10_000 } as const;

/** Largest request body the API reads (contact messages are the biggest legitimate bodies). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Contact form: submissions allowed per client in the window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

/** Hosts whose virtual tours may be embedded in an iframe (the original's tours were 3DVista exports). */
export const VIRTUAL_TOUR_HOSTS = ["tours.3dvista.com", "storage.net-fs.com", "my.matterport.com", "kuula.co"] as const;

/** Search box timings of SPEC.md section 9. */
export const SEARCH_BOX = {
  debounceMs: 1000,
  refocusMs: 100,
  /** What the website's search box asks for (per_page=10, SPEC.md), not the API's default. */
  pageSize: 10,
} as const;
