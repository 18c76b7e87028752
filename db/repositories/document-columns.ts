// The columns kept beside a document's body for the workspace's lists (its title, place columns, names and
// translation work): written on every write, and by the migrations that added them.
import { wordsOf } from "../../shared/search/normalize.ts";
import { languagesToWork, type Stamps } from "../../shared/translation-status.ts";

/** What an item is called in lists: its name or title in `language` when it has it, else in English, else its slug. */
export function titleOf(body: unknown, slug: string, language = "en"): string {
  const b = body as { name?: Record<string, string>; title?: Record<string, string>; caption?: Record<string, string> } | null;
  const text = b?.name ?? b?.title ?? b?.caption;
  return text?.[language] ?? text?.en ?? slug;
}

/** The folded words of an item's slug, names in every language, and other names: what the workspace's lists find it by. */
export function namesOf(body: unknown, slug: string): string[] {
  const b = body as { name?: unknown; title?: unknown; caption?: unknown; aliases?: unknown } | null;
  const texts = [b?.name, b?.title, b?.caption, b?.aliases].flatMap((t) =>
    t && typeof t === "object" ? Object.values(t).filter((v): v is string => typeof v === "string") : [],
  );
  return wordsOf([slug, ...texts]);
}

// The names column is part of the list's index, whose rows PostgreSQL keeps under 2,700 bytes; a name's words
// beyond this many characters (far beyond any real name in seven languages) are not searched.
const NAMES_LIMIT = 800;

/**
 * The columns the workspace's lists show and filter by, kept beside the body on every write (migrations 008,
 * 014, 015 and 017): its title; for a place or an experience its city, category and governorate; its names; the languages it has fields
 * to translate in, and those with a translation made from an older English.
 */
export function listedColumns(body: unknown, slug: string, stamps: Stamps = {}) {
  const b = body as {
    city?: unknown;
    category?: unknown;
    governorate?: unknown;
    status?: { verified?: unknown };
    reviewed?: unknown;
    practical?: { checked?: unknown };
    safetyChecked?: unknown;
  } | null;
  const work = languagesToWork(body, stamps);
  return {
    title: titleOf(body, slug),
    city: typeof b?.city === "string" ? b.city : null,
    category: typeof b?.category === "string" ? b.category : null,
    governorate: typeof b?.governorate === "string" ? b.governorate : null,
    // The day a place's status, or a guide page, was last checked: what the dashboard and the list find overdue by.
    verified: typeof b?.status?.verified === "string" ? b.status.verified : typeof b?.reviewed === "string" ? b.reviewed : null,
    // The days a place's practical facts and its safety note were last checked (their own review periods).
    practical_checked: typeof b?.practical?.checked === "string" ? b.practical.checked : null,
    safety_checked: typeof b?.safetyChecked === "string" ? b.safetyChecked : null,
    // ",fr,es,": a language is found with LIKE '%,fr,%' (migration 015).
    untranslated: `,${work.missing.join(",")},`,
    outdated: `,${work.outdated.join(",")},`,
    // " palmyra تدمر ": a word is found with LIKE '% word %', the beginning of one with LIKE '% wo%'.
    names: ` ${namesOf(body, slug).join(" ")} `.slice(0, NAMES_LIMIT),
  };
}
