// A list of places comes most popular first, a page at a time: a category's (the home page's culture section,
// the culture page), a city's places of one category (a city's page, the app's lists) and a service type's
// providers in a city (a service's page). Each page is read in
// that order off an index (migration 027), not by sorting every place the list matches: at 50,000 places that
// sort cost the home page 28 ms on every rendering after a publish. Checked in each engine's plan of the
// repository's own query, on the seed (PostgreSQL is told not to sort where it could, so that its plan for a
// small table shows whether an index gives the order).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { ENGINES, freshDatabase, seed } from "../setup/test-app.ts";
import { contentRepository, type PlaceFilter } from "../../db/repositories/content.ts";
import type { Db } from "../../db/engine.ts";

describe.each(ENGINES)("place lists on %s", (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  type Place = { category_id: number; city_id: number; service_type_id: number | null };
  let place: Place;
  let provider: Place;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    await seed(database);
    const first = (service: boolean) =>
      database.db
        .selectFrom("places")
        .select(["category_id", "city_id", "service_type_id"])
        .where("service_type_id", service ? "is not" : "is", null)
        .orderBy("id")
        .executeTakeFirstOrThrow();
    place = await first(false);
    provider = await first(true);
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  /** The query the repository sends for a page of the list, as SQL and its values. */
  async function listQuery(filter: PlaceFilter): Promise<CompiledQuery> {
    const sent: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        sent.push(database.db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await contentRepository(database.db.withPlugin(capture)).places("ar", filter, { page: 1, perPage: 12 });
    const page = sent.find((q) => /order by/i.test(q.sql) && /limit/i.test(q.sql));
    if (!page) throw new Error("the repository sent no page of places");
    return page;
  }

  /** The engine's plan of a query, one line per step. */
  async function planOf(query: CompiledQuery): Promise<string[]> {
    if (engine === "sqlite") {
      const rows = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.rows.map((r) => r.detail);
    }
    return database.db.transaction().execute(async (trx: Db) => {
      await sql`set local enable_sort = off`.execute(trx);
      const rows = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      return rows.rows.map((r) => r["QUERY PLAN"]);
    });
  }

  it.each([
    ["a category's places", () => ({ categoryId: place.category_id }), "places_category_order"],
    [
      "a city's places of one category",
      () => ({ categoryId: place.category_id, cityId: place.city_id, withoutService: true }),
      "places_category_city_order",
    ],
    [
      "a service type's providers in a city",
      () => ({ serviceTypeId: provider.service_type_id ?? -1, categoryId: provider.category_id, cityId: provider.city_id }),
      "places_service_city_order",
    ],
  ])("%s are read in their order off an index, not sorted", async (_, filter, index) => {
    const plan = await planOf(await listQuery(filter()));
    expect(plan.join("\n")).toContain(index);
    expect(plan.filter((step) => /TEMP B-TREE FOR ORDER BY|\bSort\b/.test(step))).toEqual([]);
  });
});
