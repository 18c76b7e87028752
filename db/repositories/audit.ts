// The audit log: appended to, read and filtered; never changed or deleted (the database refuses both, see
// db/migrations/002-workspace.ts).
import type { Db } from "../engine.ts";
import { containsText } from "./like.ts";

export type AuditEntry = {
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};
/** `actor` and `target` find entries whose e-mail or target holds them; `from` and `to` are ISO times (to excluded). */
export type AuditFilter = { action?: string; actor?: string; target?: string; from?: string; to?: string; limit: number; offset: number };

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
      const { actor, target } = f;
      if (actor) q = q.where((eb) => containsText(eb, eb.ref("actor_email"), actor));
      if (target) q = q.where((eb) => containsText(eb, eb.ref("target"), target));
      // By time through its index (ISO times sort as text).
      if (f.from) q = q.where("at", ">=", f.from);
      if (f.to) q = q.where("at", "<", f.to);
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
