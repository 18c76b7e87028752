// Accepts a contact message: checks the sender's rate limit, stores the message durably, then hands it to
// the mail outbox. The API endpoint and the contact page's form action both come here, so both follow
// one rule.
import type { ContactRepository } from "../../db/repositories/contact.ts";
import type { ContactInput } from "./schema.ts";
import type { ContactOutbox } from "./mailer.ts";
import type { RateLimiter } from "../rate-limit.ts";

type ContactResult = { status: "accepted"; stored: boolean; id?: number } | { status: "limited"; retryAfterSeconds: number };

export function contactService(
  repo: ContactRepository,
  outbox: ContactOutbox,
  { mailConfigured, limiter }: { mailConfigured: boolean; limiter: RateLimiter },
) {
  return {
    /** `client` is an opaque key of the sender's connection (never stored): the limit counts per client. */
    async submit(client: string, input: ContactInput): Promise<ContactResult> {
      const { allowed, retryAfterSeconds } = await limiter.hit(client);
      if (!allowed) return { status: "limited", retryAfterSeconds };
      // A bot filled the hidden field: tell it "sent" so it learns nothing, and keep nothing.
      if (input.website) return { status: "accepted", stored: false };
      const id = await repo.insert(
        { name: input.name, email: input.email, subject: input.subject, message: input.message, language: input.language ?? "en" },
        mailConfigured ? "pending" : "not-configured",
      );
      void outbox.kick();
      return { status: "accepted", stored: true, id };
    },
  };
}
export type ContactService = ReturnType<typeof contactService>;
