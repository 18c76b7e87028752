// The audit log: appended to, read and filtered; never changed or deleted (the database refuses both, see
// db/migrations/002-workspace.ts).
import type { Db } from "../engine.ts";

export type AuditEntry = {
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};
export type AuditFilter = { action?: string; actor?: string; limit: number; offset: number };

export function auditRepository(db: Db) {
  return {
    async append(e: AuditEntry) {
      await db
        .insertInto("audit_log")
        .values({
          at: e.at,
          actor_id: e.actorId,
          actor_email: e.actorEmail,
          action: e.action,
          target: e.target,
          before: e.before === undefined ? null : JSON.stringify(e.before),
          after: e.after === undefined ? null : JSON.stringify(e.after),
        })
        .execute();
    },
    async list(f: AuditFilter): Promise<(AuditEntry & { id: number })[]> {
      let q = db.selectFrom("audit_log").selectAll();
      if (f.action) q = q.where("action", "=", f.action);
      if (f.actor) q = q.where("actor_email", "=", f.actor);
      const rows = await q.orderBy("id", "desc").limit(f.limit).offset(f.offset).execute();
      return rows.map((r) => ({
        id: r.id,
        at: r.at,
        actorId: r.actor_id,
        actorEmail: r.actor_email,
        action: r.action,
        target: r.target,
        before: r.before === null ? null : JSON.parse(r.before),
        after: r.after === null ? null : JSON.parse(r.after),
      }));
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
