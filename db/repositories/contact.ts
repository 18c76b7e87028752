// Contact messages: stored before the visitor is told "sent", then forwarded by mail from this outbox.
import type { Db } from "../engine.ts";
import { containsText } from "./like.ts";

import type { MessageState } from "../../shared/message-states.ts";

export type InboxFilter = { query?: string; status?: MessageState };

type NewContactMessage = { name: string; email: string; subject: string; message: string; language: string };
type MailStatus = "pending" | "sent" | "failed" | "not-configured";

export function contactRepository(db: Db) {
  return {
    async insert(m: NewContactMessage, mailStatus: MailStatus): Promise<number> {
      const row = await db
        .insertInto("contact_messages")
        .values({ ...m, created_at: new Date().toISOString(), mail_status: mailStatus, mail_attempts: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async pending(maxAttempts: number, limit = 20) {
      return db
        .selectFrom("contact_messages")
        .selectAll()
        .where("mail_status", "=", "pending")
        .where("mail_attempts", "<", maxAttempts)
        .orderBy("id")
        .limit(limit)
        .execute();
    },
    async mailCounts(): Promise<{ pending: number; failed: number }> {
      const rows = await db
        .selectFrom("contact_messages")
        .select(["mail_status", db.fn.countAll<number>().as("count")])
        .where("mail_status", "in", ["pending", "failed"])
        .groupBy("mail_status")
        .execute();
      const count = (status: MailStatus) => Number(rows.find((r) => r.mail_status === status)?.count ?? 0);
      return { pending: count("pending"), failed: count("failed") };
    },
    async recordAttempt(id: number, status: MailStatus) {
      await db
        .updateTable("contact_messages")
        .set((eb) => ({ mail_status: status, mail_attempts: eb("mail_attempts", "+", 1) }))
        .where("id", "=", id)
        .execute();
    },
    async all() {
      return db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
    },
    async byId(id: number) {
      return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
    },
    /** The inbox: newest first, by state and by words in the sender, the subject or the message. */
    async search({ query, status, limit, offset }: InboxFilter & { limit: number; offset: number }) {
      let q = db.selectFrom("contact_messages");
      if (status) q = q.where("status", "=", status);
      if (query)
        q = q.where((eb) =>
          eb.or((["name", "email", "subject", "message"] as const).map((column) => containsText(eb, eb.ref(column), query))),
        );
      const [rows, total] = await Promise.all([
        q.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    async setStatus(id: number, status: string): Promise<boolean> {
      const r = await db.updateTable("contact_messages").set({ status }).where("id", "=", id).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Sends a message's mail again: back in the outbox with its attempts counted afresh. */
    async resend(id: number): Promise<boolean> {
      const r = await db
        .updateTable("contact_messages")
        .set({ mail_status: "pending", mail_attempts: 0 })
        .where("id", "=", id)
        .where("mail_status", "in", ["failed", "pending"])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Deletes the messages that arrived before `before` (the retention period); returns how many. */
    async deleteBefore(before: string): Promise<number> {
      const r = await db.deleteFrom("contact_messages").where("created_at", "<", before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type ContactRepository = ReturnType<typeof contactRepository>;
