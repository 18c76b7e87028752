// The audit log's filter, read from the page's address the same way by the page and by its CSV export: an
// action, words of a person's e-mail and of an item, and a range of days in Damascus time (the ministry's).
import { isAuditAction } from "../../domain/workspace/audit-actions";
import type { AuditFilter } from "../../db/repositories/audit";
import { damascusDay } from "../../shared/damascus-time";

export function auditFilter(url: URL): {
  filter: Omit<AuditFilter, "limit" | "offset">;
  form: Record<"action" | "actor" | "target" | "from" | "to", string>;
} {
  const q = url.searchParams;
  const text = (name: string) => (q.get(name) ?? "").trim().slice(0, 200);
  const action = isAuditAction(q.get("action")) ? (q.get("action") as string) : "";
  const from = damascusDay(text("from"));
  // "To" names the last day shown: entries before the start of the next one.
  const to = damascusDay(text("to"));
  const form = { action, actor: text("actor"), target: text("target"), from: from ? text("from") : "", to: to ? text("to") : "" };
  return {
    filter: {
      action: action || undefined,
      actor: form.actor || undefined,
      target: form.target || undefined,
      from: from?.start.toISOString(),
      to: to?.next.toISOString(),
    },
    form,
  };
}
