// The editors' weekly mail (decision 031), on both engines, through a real SMTP conversation with a local server
// and a fake clock: in a week with a fact past its review date and a change waiting for review, each account that
// edits gets one mail in its workspace language, with the workspace's addresses; a second instance, or the same
// one an hour later, sends nothing more that week; the next week it comes again. Off, it never sends.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ParsedMail } from "mailparser";
import { localMailServer } from "../fixtures/smtp.ts";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { repositoryAccess } from "../../db/repositories/repositories.ts";
import { weekOf, weeklyMail } from "../../domain/content/weekly-mail.ts";
import { smtpMailer } from "../../domain/contact/mailer.ts";
import { editorsMail } from "../../server/weekly-mail.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { accountsRepository } from "../../db/repositories/accounts.ts";

const CLI = { id: null, email: "command line" };
const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const SLUG = "straight-street";
const ORIGIN = "https://visitsyria.example";
/** Sets the clock (only Date: the database drivers keep their timers). */
const at = (iso: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });

it("counts a week from its Monday in Damascus", () => {
  expect(weekOf(new Date("2026-11-25T12:00:00Z"))).toBe("2026-11-23");
  // Sunday 22:30 UTC is already Monday in Damascus.
  expect(weekOf(new Date("2026-11-29T22:30:00Z"))).toBe("2026-11-30");
  expect(weekOf(new Date("2026-11-29T20:00:00Z"))).toBe("2026-11-23");
});

describe.each(ENGINES)("the editors' weekly mail on %s", (engine) => {
  let received: ParsedMail[];
  let smtp: Awaited<ReturnType<typeof localMailServer>>;
  let t: Awaited<ReturnType<typeof testApp>>;
  let send: ReturnType<typeof editorsMail>;
  beforeAll(async () => {
    smtp = await localMailServer();
    received = smtp.received;
    send = editorsMail(smtpMailer({ url: smtp.url, from: "workspace@visitsyria.example" }), ORIGIN);
    t = await testApp(engine);
    const ws = t.domain.workspace;
    for (const [email, role] of [
      ["rania@example.org", "editor"],
      ["omar@example.org", "admin"],
      ["nadia@example.org", "translator"],
      ["karim@example.org", "viewer"],
    ] as const)
      await ws.invite(CLI, { email, name: email.split("@")[0]!, role, languages: role === "translator" ? ["fr"] : [] });
    const rania = await accountsRepository(t.database.db).byEmail("rania@example.org");
    await accountsRepository(t.database.db).update(rania!.id, { uiLanguage: "ar" });
    // A status checked in January (three months' review: overdue since April), and a change waiting for review.
    const item = await t.domain.editing.item(editor, "site", SLUG);
    const saved = await t.domain.editing.save(editor, "site", SLUG, item.revision, {
      ...(item.draft as object),
      status: { state: "open", verified: "2026-01-10" },
    });
    await t.domain.editing.publish(editor, "site", SLUG, saved);
    const waiting = await t.domain.editing.item(editor, "city", "damascus");
    await t.domain.review.submit(editor, "city", "damascus", waiting.revision, "", "");
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  const instance = (mode: "off" | "weekly" = "weekly") =>
    weeklyMail({ ...repositoryAccess(t.database.db), editing: t.domain.editing, review: t.domain.review, mode, send });

  it("sends each editor one mail a week, in their language, whichever instance looks first", async () => {
    at("2026-11-25T09:00:00Z");
    expect(await instance("off").runOnce()).toBe(0);
    expect(await instance().runOnce()).toBe(2);
    expect(await instance().runOnce()).toBe(0);
    expect(received.map((m) => (m.to as { text: string }).text).sort()).toEqual(["omar@example.org", "rania@example.org"]);

    const arabic = received.find((m) => (m.to as { text: string }).text === "rania@example.org")!;
    const ar = workspaceMessages("ar");
    expect(arabic.subject).toBe(ar.mail.subject);
    expect(arabic.text).toContain(ar.review.waitingTitle.replace("{count}", "1"));
    expect(arabic.text).toContain(`${ORIGIN}/admin/content/city/damascus#review`);
    expect(arabic.text).toContain(`${ORIGIN}/admin/content/site/${SLUG}#f-status-verified`);
    expect(arabic.text).toContain(ar.mail.dashboard.replace("{link}", `${ORIGIN}/admin`));
    const english = received.find((m) => (m.to as { text: string }).text === "omar@example.org")!;
    expect(english.subject).toBe(workspaceMessages("en").mail.subject);
    expect(english.text).toContain("Straight Street");

    at("2026-11-29T20:00:00Z");
    expect(await instance().runOnce()).toBe(0);
    // Monday in Damascus: the next week's mail.
    at("2026-11-29T22:30:00Z");
    expect(await instance().runOnce()).toBe(2);
    expect(received).toHaveLength(4);
  });
});
