// Forwards stored contact messages by e-mail, retrying with back-off; a failure never loses a message
// because the database row stays, marked pending until sent or failed for good.
import nodemailer from "nodemailer";
import type { ContactRepository } from "../../db/repositories/contact.ts";

/** `to`: the site settings' recipients, when the ministry has named any (else the mailer's own). */
export type Mailer = { send(message: { subject: string; text: string; replyTo: string; to?: string[] }): Promise<void> };
export type Logger = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

export const MAX_MAIL_ATTEMPTS = 6;

/** `to`: whom a message without its own recipients goes to (CONTACT_MAIL_TO). */
export function smtpMailer({ url, to, from }: { url: string; to?: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      const recipients = m.to?.length ? m.to : to;
      if (!recipients) throw new Error("no recipient: set CONTACT_MAIL_TO or the site settings' contact recipients");
      await transport.sendMail({ to: recipients, from, replyTo: m.replyTo, subject: m.subject, text: m.text });
    },
  };
}

/** Works through pending messages; call kick() after storing one, start() once for the periodic retries. */
export function contactOutbox(
  repo: ContactRepository,
  mailer: Mailer | undefined,
  log: Logger,
  { retryMs = 60_000, recipients = async () => [] as string[] }: { retryMs?: number; recipients?: () => Promise<string[]> } = {},
) {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function drain() {
    if (!mailer) return;
    const to = await recipients();
    for (const m of await repo.pending(MAX_MAIL_ATTEMPTS)) {
      try {
        await mailer.send({
          to,
          subject: `[Contact] ${m.subject}`,
          replyTo: m.email,
          text: `${m.name} <${m.email}> (${m.language})\n\n${m.message}`,
        });
        await repo.recordAttempt(m.id, "sent");
        log.info({ contactMessage: m.id }, "contact message forwarded");
      } catch (error) {
        const last = m.mail_attempts + 1 >= MAX_MAIL_ATTEMPTS;
        await repo.recordAttempt(m.id, last ? "failed" : "pending");
        log.warn({ contactMessage: m.id, attempt: m.mail_attempts + 1, err: (error as Error).message }, "contact mail failed");
      }
    }
  }

  return {
    kick() {
      running ??= drain()
        .catch((error) => log.error({ err: (error as Error).message }, "contact outbox"))
        .finally(() => (running = undefined));
      return running;
    },
    start() {
      if (mailer) timer = setInterval(() => this.kick(), retryMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
    /** How many messages wait to be forwarded, and how many gave up after their last attempt (for the metrics). */
    depth: () => repo.mailCounts(),
  };
}
export type ContactOutbox = ReturnType<typeof contactOutbox>;
