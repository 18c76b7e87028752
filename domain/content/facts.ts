// A place's practical facts for a traveller: kept with the place as one JSON document (every language's
// texts), and read in one language, each text falling back to English as the rest of the site does. A fact
// that is not filled is not in the answer at all, so no page or API client can show a guess.
import type { z } from "zod";
import { PRACTICAL_TEXTS, type PlaceState, type PracticalText } from "../../shared/place-facts.ts";
import { textIn, type placeFile, type Translated } from "./schema.ts";

type Place = z.infer<typeof placeFile>;
type StoredFacts = Pick<Place, "status" | "inDangerSince" | "practical" | "safety" | "safetyChecked">;

/**
 * The `facts` column read. It is written only from a place file that passed the file's schema (a load, a
 * publish), so it is not checked again here: at every list and search answer, the check's copy of every
 * language's texts was a fifth of what a search allocated at 50,000 places (decision 023).
 */
export function parseFacts(json: string): StoredFacts {
  return JSON.parse(json) as StoredFacts;
}

/** What of a place's file is stored as its facts. */
export function placeFacts(place: Place): StoredFacts {
  const { status, inDangerSince, practical, safety, safetyChecked } = place;
  return { status, inDangerSince, practical, safety, safetyChecked };
}

export type FactsView = {
  status: {
    state: PlaceState;
    verified: string;
    /** What it was checked against, in the language asked (null when someone saw it, or none is named). */
    source: { name: string; url: string | null } | null;
    /** Someone of the ministry saw the place that day. */
    seen: boolean;
    note: string | null;
  } | null;
  inDangerSince: number | null;
  /** The filled practical texts, in the order a page shows them. */
  practical: Array<{ field: PracticalText; text: string }>;
  travelMinutes: number | null;
  /** The day the practical facts were last checked, when someone said. */
  practicalChecked: string | null;
  safety: string | null;
  safetyChecked: string | null;
};

const inLanguage = (text: Translated | undefined, language: string): string | null => (text ? textIn(text, language) : null);

/** The stored facts (the `facts` column) in one language. */
export function factsIn(json: string, language: string): FactsView {
  const facts = parseFacts(json);
  const practical = facts.practical ?? {};
  return {
    status: facts.status
      ? {
          state: facts.status.state,
          verified: facts.status.verified,
          source: facts.status.source ? { name: textIn(facts.status.source.name, language), url: facts.status.source.url ?? null } : null,
          seen: facts.status.seen ?? false,
          note: inLanguage(facts.status.note, language),
        }
      : null,
    inDangerSince: facts.inDangerSince ?? null,
    practical: PRACTICAL_TEXTS.flatMap((field) => {
      const text = inLanguage(practical[field], language);
      return text ? [{ field, text }] : [];
    }),
    travelMinutes: practical.travelMinutes ?? null,
    practicalChecked: practical.checked ?? null,
    safety: inLanguage(facts.safety, language),
    safetyChecked: facts.safetyChecked ?? null,
  };
}

/**
 * The oldest check still in time on `today` (YYYY-MM-DD): `months` before it, or that month's last day when it
 * has no such day. A fact checked before it is overdue (decision 029); the database filters by the same day.
 */
export function checkedSince(today: string, months: number): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, last))).toISOString().slice(0, 10);
}

/** Whether a fact checked on `verified` (YYYY-MM-DD) is to be checked again by `today`. */
export function isOverdue(verified: string, months: number, today: string): boolean {
  return verified < checkedSince(today, months);
}
