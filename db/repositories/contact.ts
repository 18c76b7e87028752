// Contact messages: stored before the visitor is told "sent", then forwarded by mail from this outbox.
import type { Db } from "../engine.ts";

export type NewContactMessage = { name: string; email: string; subject: string; message: string; language: string };
export type MailStatus = "pending" | "sent" | "failed" | "not-configured";

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
  };
}
export type ContactRepository = ReturnType<typeof contactRepository>;
