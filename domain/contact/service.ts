// Accepts a contact message: stores it durably first, then hands it to the mail outbox.
import type { ContactRepository } from "../../db/repositories/contact.ts";
import type { ContactInput } from "./schema.ts";
import type { ContactOutbox } from "./mailer.ts";

export type ContactResult = { stored: boolean; id?: number };

export function contactService(repo: ContactRepository, outbox: ContactOutbox, { mailConfigured }: { mailConfigured: boolean }) {
  return {
    async submit(input: ContactInput): Promise<ContactResult> {
      // A bot filled the hidden field: tell it "sent" so it learns nothing, and keep nothing.
      if (input.website) return { stored: false };
      const id = await repo.insert(
        { name: input.name, email: input.email, subject: input.subject, message: input.message, language: input.language ?? "en" },
        mailConfigured ? "pending" : "not-configured",
      );
      void outbox.kick();
      return { stored: true, id };
    },
  };
}
export type ContactService = ReturnType<typeof contactService>;
