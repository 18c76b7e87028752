// The contact inbox of the workspace: the messages visitors sent, newest first, to read, answer (in the
// editor's own mail program), sort and export. They hold visitors' names and addresses, so only the roles
// with `messages.read` see them, and every reading and export is written to the audit log. Messages older
// than the retention period of the site settings are deleted, as the privacy page promises.
import type { AuditRepository } from "../../db/repositories/audit.ts";
import type { ContactRepository, InboxFilter } from "../../db/repositories/contact.ts";
import { isMessageState } from "../../shared/message-states.ts";
import { can } from "../workspace/roles.ts";
import { Refusal, refusalTest } from "../refusal.ts";
import { auditEntry, type AuditAction } from "../workspace/audit-actions.ts";
import type { ContactOutbox } from "./mailer.ts";
import { repeatEvery } from "../repeat.ts";
import { csvFile } from "../csv.ts";

type InboxReader = { id: string; email: string; role: string };
const INBOX_PAGE_SIZE = 25;
/** How often each instance deletes what the retention period has ended (an hour; deleting twice is harmless). */
const RETENTION_CHECK_MS = 60 * 60 * 1000;

export class InboxError extends Refusal<"forbidden" | "not-found" | "invalid"> {
  constructor(code: InboxError["code"]) {
    super("InboxError", code);
  }
}
export const isInboxError = refusalTest<InboxError>("InboxError");

/** The moment `months` calendar months before `now` (UTC). */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export function inboxService(d: {
  /** The messages (the same repository the contact service and the outbox use), and the audit log. */
  repo: ContactRepository;
  audit: AuditRepository;
  outbox: ContactOutbox;
  /** The site settings' retention period in months (published settings; the schema's default when unset). */
  retentionMonths: () => Promise<number>;
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());
  const { repo } = d;
  const audit = (reader: InboxReader | null, action: AuditAction, target: string, after: unknown) =>
    d.audit.append(auditEntry(now(), reader, action, target, null, after));
  const need = (reader: InboxReader) => {
    if (!can(reader.role, "messages.read")) throw new InboxError("forbidden");
  };

  return {
    async list(reader: InboxReader, filter: InboxFilter, page = 1) {
      need(reader);
      const { rows, total } = await repo.search({ ...filter, limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
      return { messages: rows, total, pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)) };
    },

    /** One message, which its reading marks read (a new one) and writes to the audit log. */
    async open(reader: InboxReader, id: number) {
      need(reader);
      const message = await repo.byId(id);
      if (!message) throw new InboxError("not-found");
      if (message.status === "new") {
        await repo.setStatus(id, "read");
        message.status = "read";
      }
      await audit(reader, "messages.read", `message/${id}`, null);
      return message;
    },

    async setStatus(reader: InboxReader, id: number, status: unknown) {
      need(reader);
      if (!isMessageState(status)) throw new InboxError("invalid");
      if (!(await repo.setStatus(id, status))) throw new InboxError("not-found");
      await audit(reader, "messages.status", `message/${id}`, { status });
    },

    /** Forwards a message by mail again (after a failure); false when it is not waiting or failed. */
    async retryMail(reader: InboxReader, id: number): Promise<boolean> {
      need(reader);
      if (!(await repo.byId(id))) throw new InboxError("not-found");
      if (!(await repo.resend(id))) return false;
      await audit(reader, "messages.retry", `message/${id}`, null);
      await d.outbox.kick();
      return true;
    },

    /** Every message the filter finds, as CSV (UTF-8 with a BOM, so spreadsheets read Arabic right). */
    async exportCsv(reader: InboxReader, filter: InboxFilter): Promise<{ csv: string; count: number }> {
      need(reader);
      const { rows } = await repo.search({ ...filter, limit: 100_000, offset: 0 });
      const header = ["id", "received", "status", "name", "email", "subject", "message", "language", "mail"];
      const lines = rows.map((m) => [m.id, m.created_at, m.status, m.name, m.email, m.subject, m.message, m.language, m.mail_status]);
      await audit(reader, "messages.export", "messages", { ...filter, count: rows.length });
      return { csv: csvFile(header, lines), count: rows.length };
    },

    /** How many months a message is kept (the site settings'). */
    async retentionMonths(): Promise<number> {
      return d.retentionMonths();
    },

    /** Deletes what the retention period has ended; returns how many. */
    async expire(): Promise<number> {
      const months = await this.retentionMonths();
      const deleted = await repo.deleteBefore(monthsBefore(now(), months).toISOString());
      if (deleted) await audit(null, "messages.expired", "messages", { deleted, months });
      return deleted;
    },

    /** Runs the retention check now and every hour; returns the stop. */
    startRetention(onError: (error: unknown) => void): () => void {
      return repeatEvery(RETENTION_CHECK_MS, () => this.expire(), onError);
    },
  };
}
export type InboxService = ReturnType<typeof inboxService>;
