import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, silentLog } from "../../tests/setup/test-app.ts";
import { migrate } from "../../db/migrate.ts";
import { contactRepository } from "../../db/repositories/contact.ts";
import { contactOutbox, MAX_MAIL_ATTEMPTS, type Mailer } from "./mailer.ts";
import { contactService } from "./service.ts";
import { rateLimiter } from "../rate-limit.ts";
import { rateLimitsRepository } from "../../db/repositories/rate-limits.ts";

describe("contact outbox", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  async function setup(mailer: Mailer) {
    const db = await freshDatabase("sqlite");
    await migrate(db);
    close = db.close;
    const repo = contactRepository(db.db);
    const outbox = contactOutbox(repo, mailer, silentLog);
    return {
      repo,
      outbox,
      service: contactService(repo, outbox, {
        mailConfigured: true,
        limiter: rateLimiter({ max: 100, windowMs: 60_000, windows: rateLimitsRepository(db.db), salt: async () => "s" }),
      }),
    };
  }
  const message = { name: "Nour", email: "nour@example.org", subject: "Hello", message: "A question about Maaloula." };

  it("keeps a message whose mail failed as pending and sends it on a later try", async () => {
    let failures = 2;
    const sent: string[] = [];
    const { repo, outbox, service } = await setup({
      async send(m) {
        if (failures-- > 0) throw new Error("smtp down");
        sent.push(m.subject);
      },
    });
    const { id } = (await service.submit("client", message)) as { id?: number };
    await outbox.kick();
    expect(await repo.byId(id!)).toMatchObject({ mail_status: "pending", mail_attempts: 1 });
    await outbox.kick();
    await outbox.kick();
    expect(await repo.byId(id!)).toMatchObject({ mail_status: "sent", mail_attempts: 3 });
    expect(sent).toEqual(["[Contact] Hello"]);
  });

  it("gives up after the last attempt but keeps the message", async () => {
    const { repo, outbox, service } = await setup({
      async send() {
        throw new Error("rejected");
      },
    });
    const { id } = (await service.submit("client", message)) as { id?: number };
    for (let i = 0; i < MAX_MAIL_ATTEMPTS + 2; i++) await outbox.kick();
    expect(await repo.byId(id!)).toMatchObject({ mail_status: "failed", mail_attempts: MAX_MAIL_ATTEMPTS, message: message.message });
  });
});
