// Statistics that count without tracking anyone (decision 033). Each instance counts in memory (a page view by
// its path, language and whether the cache answered it; an API call by its endpoint's pattern; a referring
// site's host; the normalised text of a search that found nothing) and adds its counts to the database every
// few seconds, so instances add up. Nothing about the visitor is ever read or kept: no address, no browser, no
// cookie, no identifier. A search that found nothing is shown, and kept past its day, only when the same text
// was searched at least five times that day: a name or a number typed once is dropped at the end of its day.
import type { StatisticsRepository, UnansweredCount, VisitCount } from "../../db/repositories/statistics.ts";
import { damascusToday } from "../../shared/damascus-time.ts";
import { normalize } from "../../shared/search/normalize.ts";
import { repeatEvery } from "../repeat.ts";
import { needPermission, type Editor } from "../content/editing.ts";

/** How often an instance adds its counts to the database. */
const FLUSH_MS = 10_000;
/** How many times a text must be searched on one day, without a result, to be shown and kept. */
const UNANSWERED_AT_LEAST = 5;
/** How long counts are kept. */
const RETENTION_MONTHS = 13;
/** The longest search text counted: anything longer is cut. */
const TEXT_MAX = 80;
const THIN_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function statisticsService(d: {
  repo: StatisticsRepository;
  /** STATISTICS=off: nothing is counted (the bench compares the two). */
  enabled?: boolean;
  now?: () => Date;
  flushMs?: number;
}) {
  const enabled = d.enabled ?? true;
  const now = d.now ?? (() => new Date());
  let visits = new Map<string, VisitCount>();
  let unanswered = new Map<string, UnansweredCount>();

  // The day, read again at most once a second: a request's count is then a map update, nothing more.
  let today = { day: "", until: 0 };
  function dayNow(): string {
    const at = now().getTime();
    if (at >= today.until || at < today.until - 1000) today = { day: damascusToday(new Date(at)), until: at + 1000 };
    return today.day;
  }

  function count(kind: VisitCount["kind"], key: string, language = "", source = "") {
    if (!enabled) return;
    const day = dayNow();
    const id = `${day}\u0000${kind}\u0000${key}\u0000${language}\u0000${source}`;
    const found = visits.get(id);
    if (found) found.count += 1;
    else visits.set(id, { day, kind, key, language, source, count: 1 });
  }

  /** The first day of the period that ends today and is `days` long. */
  const since = (days: number) => damascusToday(new Date(now().getTime() - (days - 1) * DAY_MS));

  return {
    page(path: string, language: string, cached: boolean) {
      count("page", path, language, cached ? "cache" : "rendered");
    },
    api(pattern: string) {
      count("api", pattern);
    },
    /** A visit from another site: its host only (what a browser's Referer says, at most). */
    referrer(host: string) {
      count("referrer", host.toLowerCase());
    },
    /** A search that found nothing, as its normalised text (accents, case and letter forms folded). */
    unanswered(text: string) {
      if (!enabled) return;
      const folded = normalize(text).replace(/\s+/g, " ").trim().slice(0, TEXT_MAX);
      if (!folded) return;
      const day = dayNow();
      const id = `${day} ${folded}`;
      const found = unanswered.get(id);
      if (found) found.count += 1;
      else unanswered.set(id, { day, text: folded, count: 1 });
    },
    /** Adds what this instance counted since the last time; kept for the next time if the database is away. */
    async flush(): Promise<void> {
      const [v, u] = [visits, unanswered];
      visits = new Map();
      unanswered = new Map();
      try {
        await d.repo.add([...v.values()], [...u.values()]);
      } catch (error) {
        for (const [id, c] of v) visits.set(id, { ...c, count: c.count + (visits.get(id)?.count ?? 0) });
        for (const [id, c] of u) unanswered.set(id, { ...c, count: c.count + (unanswered.get(id)?.count ?? 0) });
        throw error;
      }
    },
    /** Drops the searches not kept and the counts older than 13 months. */
    async thin(): Promise<number> {
      const today = damascusToday(now());
      const before = new Date(now());
      before.setUTCMonth(before.getUTCMonth() - RETENTION_MONTHS);
      return d.repo.thin(today, UNANSWERED_AT_LEAST, damascusToday(before));
    },
    /** Counts every few seconds, and thins every hour; the returned function stops both after a last count. */
    start(onError: (error: unknown) => void): () => Promise<void> {
      const stopFlush = repeatEvery(d.flushMs ?? FLUSH_MS, () => this.flush(), onError);
      const stopThin = repeatEvery(THIN_EVERY_MS, () => this.thin(), onError);
      return async () => {
        stopFlush();
        stopThin();
        await this.flush().catch(onError);
      };
    },
    /** What the workspace's Statistics page shows for the last `days` days. */
    async view(editor: Editor, days = 30) {
      needPermission(editor, "content.edit");
      const from = since(days);
      const [perDay, pages, languages, sources, api, referrers, searches] = await Promise.all([
        d.repo.viewsPerDay(from),
        d.repo.top("page", "key", from, 20),
        d.repo.top("page", "language", from, 7),
        d.repo.top("page", "source", from, 2),
        d.repo.top("api", "key", from, 10),
        d.repo.top("referrer", "key", from, 10),
        d.repo.unanswered(from, UNANSWERED_AT_LEAST, 20),
      ]);
      // Every day of the period, a day without views as 0: a chart with gaps would lie about them.
      const counted = new Map(perDay.map((p) => [p.day, p.count]));
      const period = Array.from({ length: days }, (_, i) => damascusToday(new Date(now().getTime() - (days - 1 - i) * DAY_MS)));
      return {
        from,
        perDay: period.map((day) => ({ day, count: counted.get(day) ?? 0 })),
        unansweredAtLeast: UNANSWERED_AT_LEAST,
        pages,
        languages,
        sources,
        api,
        referrers,
        searches,
      };
    },
    /** Every count of the last `days` days, for the CSV export. */
    async export(editor: Editor, days = 397) {
      needPermission(editor, "content.edit");
      return d.repo.visits(since(days));
    },
  };
}
export type StatisticsService = ReturnType<typeof statisticsService>;
