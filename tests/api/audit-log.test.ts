// The audit log as the ministry reads it, on both engines: found by person, item, action and days (in Damascus
// time), and exported as a CSV file whose export is itself written to the log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import type { SignedIn } from "../../domain/workspace/service.ts";
import { auditFilter } from "../../app/lib/audit.server.ts";

const editor: Editor = { id: "e1", email: "rasha.editor@example.org", role: "editor", languages: "" };
const other: Editor = { id: "e2", email: "omar.editor@example.org", role: "editor", languages: "" };
const admin = { account: { id: "a1", email: "admin@example.org" } } as SignedIn;
const filterOf = (query: string) => auditFilter(new URL(`http://localhost/admin/audit?${query}`)).filter;

describe.each(ENGINES)("the audit log on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
    const { editing } = t.domain;
    for (const [who, slug, radius] of [
      [editor, "damascus", 61],
      [other, "aleppo", 41],
    ] as const) {
      const item = await editing.item(who, "city", slug);
      await editing.save(who, "city", slug, item.revision, { ...(item.draft as object), radiusKm: radius });
    }
  });
  afterAll(() => t.close());
  const find = (query: string) => t.domain.workspace.audit({ ...filterOf(query), limit: 50, offset: 0 });

  it("finds entries by words of a person's e-mail and of an item, by action, and by days", async () => {
    expect((await find("actor=RASHA")).map((e) => e.target)).toEqual(["city/damascus"]);
    expect((await find("target=aleppo&action=content.save")).map((e) => e.actorEmail)).toEqual([other.email]);
    expect(await find("actor=rasha&action=content.publish")).toEqual([]);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    expect((await find(`from=${today}&to=${today}&action=content.save`)).length).toBe(2);
    expect(await find("from=2001-01-01&to=2001-01-31")).toEqual([]);
    // A day that is not one is no filter, not an error.
    expect(filterOf("from=2026-13-45&to=yesterday")).toMatchObject({ from: undefined, to: undefined });
    // The "to" day is included whole, in Damascus time.
    expect(filterOf("from=2026-11-27&to=2026-11-27")).toMatchObject({ from: "2026-11-26T21:00:00.000Z", to: "2026-11-27T21:00:00.000Z" });
  });

  it("exports what the filter finds as CSV, and writes the export to the log", async () => {
    const { csv, count } = await t.domain.workspace.exportAudit(admin, filterOf("action=content.save"));
    expect(count).toBe(2);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe('"id","at","who","action","target","before","after"');
    expect(lines.slice(1).join("\n")).toContain('"rasha.editor@example.org","content.save","city/damascus","{""radiusKm"":');
    const [last] = await find("action=audit.export");
    expect(last).toMatchObject({ actorEmail: admin.account.email, target: "audit", after: { action: "content.save", count: 2 } });
  });
});
