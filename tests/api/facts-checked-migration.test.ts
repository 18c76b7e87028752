// Migrations 020 and 021 on a database that already holds content: a guide page's review date and a place's
// practical facts' and safety note's check dates, saved before them, are given their columns, so the dashboard
// finds them past their dates like those saved after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase } from "../setup/test-app.ts";
import { migrate } from "../../db/migrate.ts";
import { up as guideReviewDates } from "../../db/migrations/020-guide-review-dates.ts";
import { up as factsChecked } from "../../db/migrations/021-facts-checked.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";

describe.each(ENGINES)("migrations 020 and 021 on %s", (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    await migrate(database);
    const { db } = database;
    const documents = documentsRepository(db);
    const at = new Date().toISOString();
    await documents.create(
      {
        type: "guide",
        slug: "entry-and-visas",
        position: 0,
        body: { slug: "entry-and-visas", reviewed: "2025-01-10" },
        translatedFrom: {},
      },
      at,
      null,
      0,
    );
    await documents.create(
      {
        type: "site",
        slug: "straight-street",
        position: 0,
        body: { name: { en: "Straight Street" }, practical: { checked: "2025-02-01" }, safetyChecked: "2025-03-01" },
        translatedFrom: {},
      },
      at,
      null,
      0,
    );
    // The database as 019 left it: the guide page's date not in `verified`, and no columns for the other two.
    await db.updateTable("content_documents").set({ verified: null }).where("type", "=", "guide").execute();
    await db.schema.dropIndex("content_documents_practical_checked_idx").execute();
    await db.schema.dropIndex("content_documents_safety_checked_idx").execute();
    await db.schema.alterTable("content_documents").dropColumn("practical_checked").execute();
    await db.schema.alterTable("content_documents").dropColumn("safety_checked").execute();
    await guideReviewDates(db);
    await factsChecked(db);
  });
  afterAll(() => database.close());

  it("fills each date's column from the drafts", async () => {
    const documents = documentsRepository(database.db);
    const slugs = async (types: string[], fact?: "verified" | "practical_checked" | "safety_checked") =>
      (await documents.checkedBefore(types, "2026-01-01", 10, fact)).items.map((i) => i.slug);
    expect(await slugs(["guide"])).toEqual(["entry-and-visas"]);
    expect(await slugs(["site"], "practical_checked")).toEqual(["straight-street"]);
    expect(await slugs(["site"], "safety_checked")).toEqual(["straight-street"]);
    expect((await documents.checkedBefore(["site"], "2025-02-15", 10, "safety_checked")).items).toEqual([]);
  });
});
