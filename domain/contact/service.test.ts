// The contact rule both the API and the contact page follow: the sender's limit is checked before anything
// is stored, a refused message is not kept, and the answer says when to try again.
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, silentLog } from "../../tests/setup/test-app.ts";
import { migrate } from "../../db/migrate.ts";
import { contactRepository } from "../../db/repositories/contact.ts";
import { contactOutbox } from "./mailer.ts";
import { contactService } from "./service.ts";
import { rateLimiter } from "../rate-limit.ts";
import { rateLimitsRepository } from "../../db/repositories/rate-limits.ts";

describe("contact service", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it("stores up to the limit per client, then refuses with the seconds to wait and stores nothing more", async () => {
    const db = await freshDatabase("sqlite");
    close = db.close;
    await migrate(db);
    const repo = contactRepository(db.db);
    let now = 1_000_000;
    const service = contactService(repo, contactOutbox(repo, undefined, silentLog), {
      mailConfigured: false,
      limiter: rateLimiter({ max: 2, windowMs: 600_000, now: () => now, windows: rateLimitsRepository(db.db), salt: async () => "s" }),
    });
    const message = { name: "Nour", email: "nour@example.org", subject: "Hello", message: "A question about Maaloula." };
    expect(await service.submit("a", message)).toMatchObject({ status: "accepted", stored: true });
    expect(await service.submit("a", message)).toMatchObject({ status: "accepted", stored: true });
    now += 60_000;
    expect(await service.submit("a", message)).toEqual({ status: "limited", retryAfterSeconds: 540 });
    // Another client has its own count.
    expect(await service.submit("b", message)).toMatchObject({ status: "accepted", stored: true });
    expect(await repo.all()).toHaveLength(3);
    // The window over, the first client may write again.
    now += 540_000;
    expect(await service.submit("a", message)).toMatchObject({ status: "accepted", stored: true });
  });
});
