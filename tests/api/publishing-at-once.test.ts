// Publishing when things go wrong, on both engines (issue #26): two editors publishing at the same moment, and a
// publish whose database connection drops halfway. A publish is one transaction with its audit entry, so the
// public tables, the document and the log are either all changed or all as they were.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import { EditingError, type Editor } from "../../domain/content/editing.ts";
import { placeStamps } from "../fixtures/publishing.ts";

const first: Editor = { id: "e1", email: "first.editor@example.org", role: "editor", languages: "" };
const second: Editor = { id: "e2", email: "second.editor@example.org", role: "editor", languages: "" };

describe.each(ENGINES)("publishing at once, and a publish that dies, on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());

  const editing = () => t.domain.editing;
  /** Saves a new English summary for a place and answers the new revision. */
  async function edit(editor: Editor, slug: string, words: string): Promise<number> {
    const item = await editing().item(editor, "site", slug);
    const draft = item.draft as { summary: Record<string, string> };
    return editing().save(editor, "site", slug, item.revision, {
      ...draft,
      summary: { ...draft.summary, en: `${draft.summary.en} ${words}` },
    });
  }
  const auditCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const published = async (slug: string) =>
    await t.database.db
      .selectFrom("content_documents")
      .select(["published", "published_at"])
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();

  it("publishes two places two editors publish at the same moment, each once", async () => {
    const version = await t.domain.content.version();
    const [a, b] = await Promise.all([
      edit(first, "umayyad-mosque", "Its courtyard is paved in marble."),
      edit(second, "citadel-of-aleppo", "Its glacis rises above the old city."),
    ]);
    const before = await placeStamps(t.database);
    const reports = await Promise.all([
      editing().publish(first, "site", "umayyad-mosque", a),
      editing().publish(second, "site", "citadel-of-aleppo", b),
    ]);
    expect(reports.map((r) => r.changed)).toEqual([1, 1]);
    expect(await t.domain.content.version()).toBe(version + 2);
    const after = await placeStamps(t.database);
    expect(after.get("umayyad-mosque")).not.toBe(before.get("umayyad-mosque"));
    expect(after.get("citadel-of-aleppo")).not.toBe(before.get("citadel-of-aleppo"));
  });

  it("of two editors publishing the same place at the same moment, publishes once and refuses the other", async () => {
    const revision = await edit(first, "citadel-of-aleppo", "Its throne hall was restored in the 1980s.");
    const version = await t.domain.content.version();
    const audits = await auditCount();
    const outcomes = await Promise.allSettled([
      editing().publish(first, "site", "citadel-of-aleppo", revision),
      editing().publish(second, "site", "citadel-of-aleppo", revision),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected")!.reason;
    expect(refused).toBeInstanceOf(EditingError);
    expect((refused as EditingError).code).toBe("conflict");
    expect(await t.domain.content.version()).toBe(version + 1);
    expect(await auditCount()).toBe(audits + 1);
  });

  it("leaves the public tables, the document and the log as they were when the connection drops halfway through a publish", async () => {
    const revision = await edit(first, "umayyad-mosque", "Its three minarets date from three centuries.");
    const version = await t.domain.content.version();
    const stamps = await placeStamps(t.database);
    const summary = async () =>
      (
        await t.database.db
          .selectFrom("place_translations as t")
          .innerJoin("places as p", "p.id", "t.place_id")
          .select("t.summary")
          .where("p.slug", "=", "umayyad-mosque")
          .where("t.language", "=", "en")
          .executeTakeFirstOrThrow()
      ).summary;
    const [publicSummary, document, audits] = [await summary(), await published("umayyad-mosque"), await auditCount()];
    // The last write of a publish (noting the place for search) fails after the place's rows were written: on
    // PostgreSQL the server ends the connection itself, as a dropped network would.
    if (engine === "postgres") {
      await sql`create function drop_connection() returns trigger language plpgsql as $$ begin perform pg_terminate_backend(pg_backend_pid()); return new; end $$`.execute(
        t.database.db,
      );
      await sql`create trigger dies_halfway before insert on search_changes for each row execute function drop_connection()`.execute(
        t.database.db,
      );
    } else {
      await sql`create trigger dies_halfway before insert on search_changes begin select raise(abort, 'the connection dropped'); end`.execute(
        t.database.db,
      );
    }
    await expect(editing().publish(first, "site", "umayyad-mosque", revision)).rejects.toThrow();
    await sql`drop trigger dies_halfway${sql.raw(engine === "postgres" ? " on search_changes" : "")}`.execute(t.database.db);

    expect(await t.domain.content.version()).toBe(version);
    expect(await placeStamps(t.database)).toEqual(stamps);
    expect(await summary()).toBe(publicSummary);
    expect(await published("umayyad-mosque")).toEqual(document);
    expect(await auditCount()).toBe(audits);
    // The same publish, once the database answers again, goes through.
    expect((await editing().publish(first, "site", "umayyad-mosque", revision)).changed).toBe(1);
    expect(await summary()).toMatch(/three minarets/);
  });
});
