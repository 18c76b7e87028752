// Table types for Kysely: the one description of the database both engines share.
import type { Generated } from "kysely";

export interface Database {
  languages: { id: number; code: string; name: string; position: number };
  categories: { id: Generated<number>; slug: string; kind: number; position: number; updated_at: string };
  category_translations: { category_id: number; language: string; name: string; description: string };
  cities: { id: Generated<number>; slug: string; lat: number; lng: number; radius_km: number; position: number; updated_at: string };
  city_translations: { city_id: number; language: string; name: string; description: string; aliases: string };
  service_types: { id: Generated<number>; slug: string; position: number; updated_at: string };
  service_type_translations: { service_type_id: number; language: string; name: string; description: string };
  places: {
    id: Generated<number>;
    slug: string;
    /** site | culture | service */
    kind: string;
    /** The load's order: sites and culture places as the files order them, then service providers. */
    position: Generated<number>;
    category_id: number;
    city_id: number;
    service_type_id: number | null;
    star: number | null;
    featured: number;
    unesco: number;
    popularity: number;
    lat: number;
    lng: number;
    /** One of shared/place-facts.ts GOVERNORATES (db/migrations/006-traveller-facts.ts). */
    governorate: Generated<string>;
    /** JSON: the place's status, practical facts and safety note, every language's texts (domain/content/facts.ts). */
    facts: Generated<string>;
    /** Its Wikidata item ("Q5747"), when someone sure of it said (migration 024). */
    wikidata: string | null;
    created_at: string;
    updated_at: string;
  };
  place_translations: {
    place_id: number;
    language: string;
    name: string;
    summary: string;
    information: string;
    address: string;
    aliases: string;
  };
  /** Images, videos, sign-language videos, panoramas and virtual-tour links, attached to one owner. */
  media: {
    id: Generated<number>;
    owner_type: string;
    owner_id: number;
    /** image | video | sign | panorama | tour | youtube */
    kind: string;
    position: number;
    /** Site path of the file (e.g. /media/x.abc123.webp) or an external URL for tours and YouTube. */
    src: string;
    width: number | null;
    height: number | null;
    /** JSON: image variants [{format,width,src}], placeholder colour, caption tracks. */
    details: string;
    updated_at: string;
  };
  media_translations: { media_id: number; language: string; title: string; description: string };
  gallery_items: { id: Generated<number>; slug: string; position: number; updated_at: string };
  gallery_item_translations: { gallery_item_id: number; language: string; title: string; description: string };
  experiences: { id: Generated<number>; slug: string; city_id: number | null; position: number; updated_at: string };
  experience_translations: { experience_id: number; language: string; title: string; description: string };
  settings: { key: string; value: string };
  /** The trip-planning guide's pages; body is the page's document as JSON (domain/content/schema.ts guidePage). */
  guide_pages: { slug: string; position: number; reviewed: string; body: string; updated_at: string };
  /** Published events (migration 025); body is the event's document as JSON (domain/content/event-schema.ts). */
  events: {
    slug: string;
    position: number;
    city_id: number;
    place_id: number | null;
    kind: string;
    body: string;
    /** Raised each time the body changes: the calendars' SEQUENCE. */
    sequence: Generated<number>;
    /** JSON: its photograph (src, size, details, texts by language), or null. */
    picture: string | null;
    updated_at: string;
  };
  itineraries: {
    slug: string;
    position: number;
    /** JSON: the itinerary's document; its stops name places by slug. */
    body: string;
    updated_at: string;
  };
  content_meta: { key: string; value: string };
  contact_messages: {
    id: Generated<number>;
    name: string;
    email: string;
    subject: string;
    message: string;
    language: string;
    created_at: string;
    /** pending | sent | failed | not-configured */
    mail_status: string;
    mail_attempts: number;
    /** new | read | answered | spam (db/migrations/004-inbox.ts) */
    status: Generated<string>;
  };
  device_counts: { platform: string; app_version: string; count: number };
  // The editorial workspace (db/migrations/002-workspace.ts). The admin_* tables are better-auth's, with its
  // column names; better-auth writes them through its Kysely adapter, the repositories read them.
  admin_user: {
    id: string;
    name: string;
    email: string;
    emailVerified: number | boolean;
    image: string | null;
    createdAt: Date | string;
    updatedAt: Date | string;
    twoFactorEnabled: number | boolean | null;
    role: string;
    languages: string;
    uiLanguage: string;
  };
  admin_session: {
    id: string;
    expiresAt: Date | string;
    token: string;
    createdAt: Date | string;
    updatedAt: Date | string;
    ipAddress: string | null;
    userAgent: string | null;
    userId: string;
  };
  admin_account: { id: string; userId: string; providerId: string; password: string | null };
  admin_two_factor: { id: string; userId: string; secret: string; verified: number | boolean | null };
  admin_invitations: { token_hash: string; user_id: string; expires_at: string; used_at: string | null };
  sign_in_failures: { id: Generated<number>; key: string; at: string };
  totp_steps: { user_id: string; step: number };
  /** The places a content version changed; place_id null: any may have (migration 009). */
  search_changes: { version: number; place_id: number | null };
  audit_log: {
    id: Generated<number>;
    at: string;
    actor_id: string | null;
    actor_email: string | null;
    action: string;
    target: string;
    before: string | null;
    after: string | null;
  };
  workspace_meta: { key: string; value: string };
  rate_limit_windows: { key: string; started_at: number | string; count: number };
  content_documents: {
    id: Generated<number>;
    type: string;
    slug: string;
    position: number;
    /** JSON: the item as its content/ file has it. */
    draft: string;
    revision: number;
    /** JSON: the published body; null while the item has never been published or is unpublished. */
    published: string | null;
    published_at: string | null;
    /** When a scheduled publication is due (ISO time), or null. */
    publish_at: string | null;
    /** JSON: {"name.ar": "<hash of the English text it was translated from>", ...}. */
    translated_from: string;
    updated_at: string;
    updated_by: string | null;
    /** The draft's English name, title or caption, else its slug (migration 008): what lists show. */
    title: Generated<string>;
    /** A place's or an experience's city and category slugs in its draft (migration 014): what the list filters by. */
    city: string | null;
    category: string | null;
    /** ",fr,es,": the languages with a field still to translate, and with one made from an older English (migration 015). */
    untranslated: Generated<string>;
    outdated: Generated<string>;
    /** A place's governorate (migration 017). */
    governorate: string | null;
    /**
     * The draft revision the published body is (migration 017): null when the item is not on the site, 0 when
     * what is published is no revision of the draft (a load published beside an editor's changes).
     */
    published_revision: number | null;
    /** The day a place's status was last checked (its draft's `status.verified`; migration 017), or a guide page's review (020). */
    verified: string | null;
    /** The days a place's practical facts and its safety note were last checked (migration 021). */
    practical_checked: string | null;
    safety_checked: string | null;
    /** The revision waiting for a second person's review, who submitted it, for whom (null: any other editor) and when (migration 022). */
    review_revision: number | null;
    review_by: string | null;
    review_for: string | null;
    review_at: string | null;
    /** How many problems keep the draft from being published; null until checked (migration 017). */
    problems: number | null;
    /** " تدمر palmyra ": the folded words of its names in every language and of its slug (migration 017). */
    names: Generated<string>;
  };
  /** The words of the content's names under their keys (wordKeys, migration 017): what a misspelt name is corrected to. */
  content_words: { key: string; word: string };
  /** Every version of an item the site has shown, numbered per item (migration 018). */
  content_versions: {
    id: Generated<number>;
    type: string;
    slug: string;
    version: number;
    /** JSON: the published body. */
    body: string;
    published_at: string;
    published_by: string | null;
    /** JSON: the paths of the fields it changed from the version before it (migration 029); null: not known, compared from the bodies. */
    changed: string | null;
  };
  /** Work one instance at a time does (migration 019): held by `holder` until `expires_at`. */
  leases: { name: string; holder: string; expires_at: string };
  /** What the link checker found at each external link (migration 019); an editor may mark it a false positive. */
  link_checks: {
    url: string;
    /** ok | redirected | broken | timeout | unreachable | refused | robots */
    outcome: string;
    status: number | null;
    final_url: string | null;
    redirects: number;
    checked_at: string;
    false_positive_by: string | null;
    false_positive_at: string | null;
  };
  /** Where each external link is used: the item (type/slug) and its field, as of the last run. */
  link_uses: { url: string; item: string; field: string };
  link_check_runs: {
    id: Generated<number>;
    started_at: string;
    finished_at: string | null;
    started_by: string | null;
    links: number;
  };
  /** What was said of an item's changes (migration 022): submitted, sent back, approved, a comment. Never deleted. */
  review_notes: {
    id: Generated<number>;
    type: string;
    slug: string;
    /** The draft revision it was said of. */
    revision: number;
    kind: string;
    author: string;
    at: string;
    body: string;
  };
  /** Private read-only links to one item's draft for a reviewer without an account (migration 022); the token is kept hashed. */
  review_links: {
    token_hash: string;
    type: string;
    slug: string;
    created_by: string;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
  };
  /** Statistics without tracking (migration 023): a count per day and what was counted, never who. */
  visit_counts: {
    /** YYYY-MM-DD in Damascus. */
    day: string;
    /** page | api | referrer */
    kind: string;
    /** The page's path (no query), the API endpoint's pattern, or the referring host. */
    key: string;
    /** The page's language; "" for the others. */
    language: string;
    /** cache | rendered for a page; "" for the others. */
    source: string;
    count: number;
  };
  /** Searches that found nothing, as normalised text (migration 023); past days keep only those searched 5 times. */
  unanswered_searches: { day: string; text: string; count: number };
  /** Deleted items, whole, for 30 days (migration 013): restored from here, then purged. */
  content_trash: {
    id: Generated<number>;
    type: string;
    slug: string;
    title: string;
    /** JSON: the draft as it was when it was deleted (the item was taken off the site first). */
    draft: string;
    revision: number;
    translated_from: string;
    deleted_at: string;
    deleted_by: string | null;
  };
}
