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

/** Workspace passwords: long enough to resist guessing, short enough to hash cheaply (ASVS 2.1.1, 2.1.2). */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/** Workspace sessions (OWASP ASVS 3.3): they end after 30 minutes unused, and 12 hours after sign-in whatever. */
export const WORKSPACE_SESSION = { idleSeconds: 30 * 60, absoluteSeconds: 12 * 60 * 60 } as const;

/**
 * Brute-force limits on workspace sign-in, counted in the database so every instance shares them: failures
 * per account (whoever tries) and per address (whatever account), within the window.
 */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 } as const;

/** How long an invitation or password-reset link stays valid. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * The media library's uploads. A camera's JPEG is 5–15 MB; 25 MB leaves room for a panorama without letting
 * one request fill the memory. Videos are for short clips (a minute or two at 1080p), not films: an upload is
 * held in memory while it is checked, so the limit is what a small server can hold twice over.
 */
export const UPLOAD_LIMITS = {
  imageBytes: 25 * 1024 * 1024,
  videoBytes: 100 * 1024 * 1024,
  captionBytes: 512 * 1024,
  /** Larger pictures are refused before they are decoded (a small file can expand to gigabytes of pixels). */
  imagePixels: 60_000_000,
} as const;

/** Contact messages are deleted this many months after they arrive, unless the site settings say otherwise. */
export const DEFAULT_RETENTION_MONTHS = 24;
