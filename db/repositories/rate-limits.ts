// Rate-limit windows, one row per client key, shared by every instance on the database.
import { sql } from "kysely";
import type { Db } from "../engine.ts";

export function rateLimitsRepository(db: Db) {
  return {
    /**
     * Counts one hit for `key` in one statement, so two instances counting at once never lose a hit: a window
     * that began at or before `expiredBefore` starts again at `now`. Answers the window's count and start.
     */
    async hit(key: string, now: number, expiredBefore: number): Promise<{ count: number; startedAt: number }> {
      const expired = sql<boolean>`rate_limit_windows.started_at <= ${expiredBefore}`;
      const row = await db
        .insertInto("rate_limit_windows")
        .values({ key, started_at: now, count: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql`case when ${expired} then 1 else rate_limit_windows.count + 1 end`,
            started_at: sql`case when ${expired} then ${now} else rate_limit_windows.started_at end`,
          }),
        )
        .returning(["count", "started_at"])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), startedAt: Number(row.started_at) };
    },
    /** Forgets the windows that are over. */
    async forget(expiredBefore: number) {
      await db.deleteFrom("rate_limit_windows").where("started_at", "<=", expiredBefore).execute();
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
