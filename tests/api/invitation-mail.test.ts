// An invitation to the workspace arrives by mail when SMTP_URL is set: sent through a real SMTP conversation to
// a local server, in the workspace language the admin chose for the invitee, with the link that sets their
// password; a reply reaches the admin. Without mail, nothing is sent and the admin passes the link on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { localMailServer } from "../fixtures/smtp.ts";
import { freshDatabase, silentLog } from "../setup/test-app.ts";
import { migrate } from "../../db/migrate.ts";
import { buildDomain } from "../../server/compose.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";

const admin = { id: null, email: "lama.admin@example.org" };

describe("an invitation by mail", () => {
  let received: ParsedMail[];
  let smtp: Awaited<ReturnType<typeof localMailServer>>;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    smtp = await localMailServer();
    received = smtp.received;
    database = await freshDatabase("sqlite");
    await migrate(database);
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("is sent in the invitee's workspace language, with the link, and a reply reaches the admin", async () => {
    const domain = buildDomain(database, silentLog, { smtpUrl: smtp.url, publicOrigin: "http://site.test" });
    const { account, path } = await domain.workspace.invite(admin, {
      email: "Nour.Translator@example.org",
      name: "Nour Haddad",
      role: "translator",
      languages: ["fr"],
      uiLanguage: "ar",
    });
    expect(account.uiLanguage).toBe("ar");
    const link = `http://site.test${path}`;
    expect(await domain.workspace.mailInvitation(admin, account, link)).toBe(true);
    expect(received).toHaveLength(1);
    const [mail] = received;
    const ar = workspaceMessages("ar").accounts.invite.mail;
    expect(mail!.to).toMatchObject({ value: [{ address: "nour.translator@example.org" }] });
    expect(mail!.replyTo).toMatchObject({ value: [{ address: admin.email }] });
    expect(mail!.from).toMatchObject({ value: [{ address: "no-reply@site.test" }] });
    expect(mail!.subject).toBe(ar.subject);
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain("مرحبًا Nour Haddad");
    const actions = (await domain.workspace.audit({ limit: 5, offset: 0 })).map((e) => `${e.action} ${e.target}`);
    expect(actions).toContain("account.invite-mailed nour.translator@example.org");
  });

  it("sends nothing without mail configured, and a mail server that is down fails the mail, never the invitation", async () => {
    const quiet = buildDomain(database, silentLog, { publicOrigin: "http://site.test" });
    const first = await quiet.workspace.invite(admin, { email: "omar@example.org", name: "Omar", role: "editor", languages: [] });
    expect(await quiet.workspace.mailInvitation(admin, first.account, "http://site.test/x")).toBe(false);
    const down = buildDomain(database, silentLog, { smtpUrl: "smtp://127.0.0.1:9", publicOrigin: "http://site.test" });
    const second = await down.workspace.invite(admin, { email: "rania@example.org", name: "Rania", role: "editor", languages: [] });
    await expect(down.workspace.mailInvitation(admin, second.account, "http://site.test/y")).rejects.toThrow();
    expect(await down.workspace.invitation(second.path.split("/").pop()!)).toMatchObject({ email: "rania@example.org" });
    expect(received).toHaveLength(1);
  });
});
