// What a contact message must be: shared by the API endpoint and the contact page's form action.
import { z } from "zod";
import { CONTACT_LIMITS as L } from "../../shared/limits.ts";

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${field} is required`)
        .min(min, `${field} must be at least ${min} characters`)
        .max(max, `${field} must be at most ${max} characters`),
    );

export const contactMessage = z.object({
  name: text("name", L.name.min, L.name.max),
  email: z
    .string({ error: "email is required" })
    .trim()
    .min(1, "email is required")
    .max(L.email.max, `email must be at most ${L.email.max} characters`)
    .pipe(z.email("email must be a valid e-mail address")),
  subject: text("subject", L.subject.min, L.subject.max),
  message: text("message", L.message.min, L.message.max),
  /** Honeypot: a field people never see; bots fill it. */
  website: z.string().max(500).optional(),
  language: z.string().max(5).optional(),
});
export type ContactInput = z.infer<typeof contactMessage>;
