// The contact inbox on both engines: messages sent through the public API are listed newest first, found
// by words and by state, marked, exported as CSV a spreadsheet cannot be tricked by, sent by mail again
// after a failure, and deleted when the retention period of the site settings ends. Only admins and editors
// read them, and every reading and export is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Mailer } from "../../domain/contact/mailer.ts";

const editor = { id: "e1", email: "editor@example.org", role: "editor" };
const translator = { id: "t1", email: "translator@example.org", role: "translator" };
const viewer = { id: "v1", email: "viewer@example.org", role: "viewer" };

describe.each(ENGINES)("contact inbox on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let failing = true;
  const sent: Array<{ subject: string; to?: string[] }> = [];
  const mailer: Mailer = {
    async send(m) {
      if (failing) throw new Error("the mail server is down");
      sent.push(m);
    },
  };
  beforeAll(async () => {
    t = await testApp(engine, { mailer });
  });
  afterAll(() => t.close());

  const send = (name: string, subject: string, message: string) =>
    t.app.request("http://localhost/back/api/user/contact-admin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@example.org`, subject, message, language: "ar" }),
    });

  it("lists what visitors sent, newest first, by words and by state; only admins and editors may read it", async () => {
    expect((await send("Layla", "Opening hours of the citadel", "When does the Citadel of Aleppo open on Fridays?")).status).toBe(201);
    expect((await send("Omar", '=HYPERLINK("http://x")', "Buy cheap watches now, click here please")).status).toBe(201);
    expect((await send("Sami", "Photographs of Bosra", "May we use your photographs of Bosra in a school book?")).status).toBe(201);

    const all = await t.domain.inbox.list(editor, {});
    expect(all.messages.map((m) => m.name)).toEqual(["Sami", "Omar", "Layla"]);
    expect(all.messages.every((m) => m.status === "new")).toBe(true);
    expect((await t.domain.inbox.list(editor, { query: "CITADEL" })).messages.map((m) => m.name)).toEqual(["Layla"]);
    expect((await t.domain.inbox.list(editor, { query: "100%" })).messages).toEqual([]);

    for (const who of [translator, viewer]) await expect(t.domain.inbox.list(who, {})).rejects.toMatchObject({ code: "forbidden" });
  });

  it("marks a message read when it is opened, and as the editor says; both go in the audit log", async () => {
    const [sami, omar] = (await t.domain.inbox.list(editor, {})).messages;
    expect((await t.domain.inbox.open(editor, sami.id)).status).toBe("read");
    await t.domain.inbox.setStatus(editor, sami.id, "answered");
    await t.domain.inbox.setStatus(editor, omar.id, "spam");
    await expect(t.domain.inbox.setStatus(editor, omar.id, "deleted")).rejects.toMatchObject({ code: "invalid" });
    await expect(t.domain.inbox.open(editor, 999_999)).rejects.toMatchObject({ code: "not-found" });
    expect((await t.domain.inbox.list(editor, { status: "answered" })).messages.map((m) => m.name)).toEqual(["Sami"]);
    expect((await t.domain.inbox.list(editor, { status: "new" })).messages.map((m) => m.name)).toEqual(["Layla"]);
    const actions = (await t.domain.workspace.audit({ limit: 10, offset: 0 })).map((a) => `${a.action} ${a.target}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `messages.read message/${sami.id}`,
        `messages.status message/${sami.id}`,
        `messages.status message/${omar.id}`,
      ]),
    );
  });

  it("exports what the filter finds as CSV, with a formula in a field defused", async () => {
    const { csv, count } = await t.domain.inbox.exportCsv(editor, { status: "spam" });
    expect(count).toBe(1);
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe('"id","received","status","name","email","subject","message","language","mail"');
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(row).toContain('"spam","Omar","omar@example.org"');
    expect((await t.domain.workspace.audit({ limit: 1, offset: 0 }))[0]).toMatchObject({
      action: "messages.export",
      actorEmail: editor.email,
    });
  });

  it("sends a failed message's mail again when asked", async () => {
    const layla = (await t.domain.inbox.list(editor, { query: "Layla" })).messages[0];
    // The mail server is down: every attempt fails until the message is marked failed.
    await t.database.db.updateTable("contact_messages").set({ mail_status: "failed" }).execute();
    failing = false;
    expect(await t.domain.inbox.retryMail(editor, layla.id)).toBe(true);
    expect(sent.map((m) => m.subject)).toContain("[Contact] Opening hours of the citadel");
    // The site settings name who receives the messages.
    expect(sent[0].to).toEqual(["office@example.org"]);
    expect((await t.domain.inbox.open(editor, layla.id)).mail_status).toBe("sent");
    expect(await t.domain.inbox.retryMail(editor, layla.id)).toBe(false);
  });

  it("deletes the messages older than the settings' retention period, and no others", async () => {
    const old = new Date(Date.now() - 25 * 31 * 24 * 3600 * 1000).toISOString();
    const [newest] = (await t.domain.inbox.list(editor, {})).messages;
    await t.database.db.updateTable("contact_messages").set({ created_at: old }).where("id", "=", newest.id).execute();
    expect(await t.domain.inbox.expire()).toBe(1);
    expect((await t.domain.inbox.list(editor, {})).messages.map((m) => m.name)).toEqual(["Omar", "Layla"]);
    expect(await t.domain.inbox.expire()).toBe(0);
    expect((await t.domain.workspace.audit({ limit: 5, offset: 0 })).map((a) => a.action)).toContain("messages.expired");
  });
});
