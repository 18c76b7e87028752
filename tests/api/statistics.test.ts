// Statistics without tracking (decision 033), on both engines, through the real HTTP app and two instances'
// counters on one database: API calls are counted by endpoint; a search that found nothing is shown only when
// the same text was searched five times that day, and one searched once is gone at the end of its day; counts
// older than 13 months go; and after all of it no table holds the visitor's address, browser or cookie.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { statisticsService } from "../../domain/statistics/service.ts";
import { statisticsRepository } from "../../db/repositories/statistics.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const translator: Editor = { id: "t1", email: "translator@example.org", role: "translator", languages: "fr" };
const VISITOR = { "user-agent": "StatsProbe/1.0 (visitor)", "x-forwarded-for": "203.0.113.77", cookie: "probe=secret-cookie-4711" };
/** Sets the clock (only Date: the database drivers keep their timers). */
const at = (iso: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });

describe.each(ENGINES)("statistics on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  const search = (name: string) =>
    t.app.request("/back/api/user/place1/search?page=1&per_page=10", {
      method: "POST",
      headers: { ...VISITOR, "content-type": "application/json" },
      body: JSON.stringify({ name, language: 1 }),
    });

  it("counts API calls and the searches found nothing five times a day, and never the one typed once", async () => {
    at("2026-11-25T09:00:00Z");
    for (let i = 0; i < 5; i++) expect((await search("Qwxzzy Vrbmkt")).status).toBe(200);
    await search("Zumurrud Qattawi 0944 123 456");
    await search("straight street");
    expect((await t.app.request("/back/api/user/place1/places/1", { headers: VISITOR })).status).toBe(200);
    await t.domain.statistics.flush();
    // Another instance's counts of the same day add up.
    const other = statisticsService({ repo: statisticsRepository(t.database.db) });
    other.api("/back/api/user/place1/places/:id");
    await other.flush();

    const view = await t.domain.statistics.view(editor);
    expect(view.searches).toEqual([{ text: "qwxzzy vrbmkt", count: 5 }]);
    expect(view.api).toEqual(
      expect.arrayContaining([
        { name: "/back/api/user/place1/search", count: 7 },
        { name: "/back/api/user/place1/places/:id", count: 2 },
      ]),
    );
    await expect(t.domain.statistics.view(translator)).rejects.toMatchObject({ code: "forbidden" });

    // Nothing about the visitor anywhere: every table's every value, as text.
    const tables =
      engine === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.database.db)).rows
        : (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(t.database.db)
          ).rows;
    for (const { name } of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.database.db)).rows;
      const text = JSON.stringify(rows);
      for (const trace of ["StatsProbe", "203.0.113.77", "secret-cookie-4711"]) expect(text, `${name} holds ${trace}`).not.toContain(trace);
    }
    // The search typed once is in the day's counts until the day ends (counted, never shown).
    const kept = await t.database.db.selectFrom("unanswered_searches").select("text").execute();
    expect(kept.map((k) => k.text).sort()).toEqual(["qwxzzy vrbmkt", "zumurrud qattawi 0944 123 456"]);
  });

  it("drops the day's searches made fewer than five times once the day is over, and every count after 13 months", async () => {
    at("2026-11-26T09:00:00Z");
    await t.domain.statistics.thin();
    const kept = await t.database.db.selectFrom("unanswered_searches").select("text").execute();
    expect(kept.map((k) => k.text)).toEqual(["qwxzzy vrbmkt"]);
    at("2027-12-26T09:00:00Z");
    await t.domain.statistics.thin();
    expect(await t.database.db.selectFrom("unanswered_searches").selectAll().execute()).toEqual([]);
    expect(await t.database.db.selectFrom("visit_counts").selectAll().execute()).toEqual([]);
  });
});
