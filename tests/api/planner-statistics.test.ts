// After a content load, PostgreSQL knows the sizes of the tables that grow with the places (their planner
// statistics, db/repositories/planner-statistics.ts): a table loaded in one go had none until autovacuum came
// by, and every query was planned as if it were nearly empty. pg_class.reltuples is -1 until a table is analysed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { ENGINES, freshDatabase, seed } from "../setup/test-app.ts";

describe.each(ENGINES.filter((e) => e === "postgres"))("a content load on %s", (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    await seed(database);
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it("leaves the planner knowing how many places and texts there are", async () => {
    const counted = async (table: string) => {
      const { rows } = await sql<{ n: string; estimate: number }>`
        select (select count(*) from ${sql.table(table)}) as n, reltuples as estimate
        from pg_class where oid = to_regclass(${table})`.execute(database.db);
      return { rows: Number(rows[0]?.n), estimate: Number(rows[0]?.estimate) };
    };
    for (const table of ["places", "place_translations", "content_documents"]) {
      const { rows, estimate } = await counted(table);
      expect(rows).toBeGreaterThan(0);
      expect(estimate, table).toBe(rows);
    }
  });
});
