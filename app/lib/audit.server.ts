// The audit log's filter, read from the page's address the same way by the page and by its CSV export: an
// action, words of a person's e-mail and of an item, and a range of days in Damascus time (the ministry's).
import { isAuditAction } from "../../domain/workspace/audit-actions";
import type { AuditFilter } from "../../db/repositories/audit";

const DAMASCUS_OFFSET = "+03:00";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of a day typed as YYYY-MM-DD, in Damascus, as an ISO time; undefined when it is not a day. */
function dayStart(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const at = new Date(`${value}T00:00:00${DAMASCUS_OFFSET}`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export function auditFilter(url: URL): {
  filter: Omit<AuditFilter, "limit" | "offset">;
  form: Record<"action" | "actor" | "target" | "from" | "to", string>;
} {
  const q = url.searchParams;
  const text = (name: string) => (q.get(name) ?? "").trim().slice(0, 200);
  const action = isAuditAction(q.get("action")) ? (q.get("action") as string) : "";
  const from = dayStart(text("from"));
  // "To" names the last day shown: entries before the start of the next one.
  const to = dayStart(text("to"));
  const form = { action, actor: text("actor"), target: text("target"), from: from ? text("from") : "", to: to ? text("to") : "" };
  return {
    filter: {
      action: action || undefined,
      actor: form.actor || undefined,
      target: form.target || undefined,
      from: from?.toISOString(),
      to: to ? new Date(to.getTime() + DAY_MS).toISOString() : undefined,
    },
    form,
  };
}
