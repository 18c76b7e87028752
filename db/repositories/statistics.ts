// Statistics without tracking (migration 023, decision 033): counts added a batch at a time by every instance,
// read per day, thinned at the end of each day and after 13 months.
import type { Db } from "../engine.ts";

export type VisitCount = { day: string; kind: "page" | "api" | "referrer"; key: string; language: string; source: string; count: number };
export type UnansweredCount = { day: string; text: string; count: number };

export function statisticsRepository(db: Db) {
  return {
    /** Adds a batch of counts to what every instance has counted, in one transaction. */
    async add(visits: VisitCount[], unanswered: UnansweredCount[]): Promise<void> {
      if (visits.length === 0 && unanswered.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const v of visits)
          await trx
            .insertInto("visit_counts")
            .values(v)
            .onConflict((oc) =>
              oc
                .columns(["day", "kind", "key", "language", "source"])
                .doUpdateSet((eb) => ({ count: eb("visit_counts.count", "+", v.count) })),
            )
            .execute();
        for (const u of unanswered)
          await trx
            .insertInto("unanswered_searches")
            .values(u)
            .onConflict((oc) => oc.columns(["day", "text"]).doUpdateSet((eb) => ({ count: eb("unanswered_searches.count", "+", u.count) })))
            .execute();
      });
    },
    /** Page views per day from `from` (a day), all languages together. */
    async viewsPerDay(from: string): Promise<Array<{ day: string; count: number }>> {
      const rows = await db
        .selectFrom("visit_counts")
        .select(["day", (eb) => eb.fn.sum<number>("count").as("count")])
        .where("kind", "=", "page")
        .where("day", ">=", from)
        .groupBy("day")
        .orderBy("day")
        .execute();
      return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
    },
    /** The most counted keys of a kind from `from`, grouped by `by` (the key, the language or the source). */
    async top(kind: VisitCount["kind"], by: "key" | "language" | "source", from: string, limit: number) {
      const rows = await db
        .selectFrom("visit_counts")
        .select([`${by} as name`, (eb) => eb.fn.sum<number>("count").as("count")])
        .where("kind", "=", kind)
        .where("day", ">=", from)
        .groupBy(by)
        .orderBy("count", "desc")
        .orderBy(by)
        .limit(limit)
        .execute();
      return rows.map((r) => ({ name: String(r.name), count: Number(r.count) }));
    },
    /** Texts searched without a result at least `atLeast` times on one day, from `from`: how many times in all. */
    async unanswered(from: string, atLeast: number, limit: number): Promise<Array<{ text: string; count: number }>> {
      const rows = await db
        .selectFrom("unanswered_searches")
        .select(["text", (eb) => eb.fn.sum<number>("count").as("count")])
        .where("day", ">=", from)
        .where("count", ">=", atLeast)
        .groupBy("text")
        .orderBy("count", "desc")
        .orderBy("text")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ text: r.text, count: Number(r.count) }));
    },
    /** Every count from `from`, for the export. */
    async visits(from: string): Promise<VisitCount[]> {
      const rows = await db
        .selectFrom("visit_counts")
        .selectAll()
        .where("day", ">=", from)
        .orderBy("day")
        .orderBy("kind")
        .orderBy("key")
        .orderBy("language")
        .orderBy("source")
        .execute();
      return rows.map((r) => ({ ...r, kind: r.kind as VisitCount["kind"], count: Number(r.count) }));
    },
    /**
     * Drops what is not kept: a past day's searches made fewer than `atLeast` times (a name typed once is never
     * kept), and every count before `before` (13 months). How many rows it deleted.
     */
    async thin(today: string, atLeast: number, before: string): Promise<number> {
      const searches = await db.deleteFrom("unanswered_searches").where("day", "<", today).where("count", "<", atLeast).executeTakeFirst();
      const oldSearches = await db.deleteFrom("unanswered_searches").where("day", "<", before).executeTakeFirst();
      const oldVisits = await db.deleteFrom("visit_counts").where("day", "<", before).executeTakeFirst();
      return Number(searches.numDeletedRows) + Number(oldSearches.numDeletedRows) + Number(oldVisits.numDeletedRows);
    },
  };
}
export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
