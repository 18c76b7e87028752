// What the audit log records: one name per kind of event, written by the workspace service and offered as
// a filter (and labelled in every language) by the audit page.
import type { AuditEntry } from "../../db/repositories/audit.ts";

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in.password",
  "sign-in.failed",
  "sign-in.throttled",
  "sign-in.two-factor-failed",
  "sign-in.code-reused",
  "sign-in.backup-code",
  "sign-out",
  "sign-out.everywhere",
  "two-factor.enabled",
  "two-factor.backup-codes",
  "password.changed",
  "password.failed",
  "password.throttled",
  "password.reset",
  "account.invite",
  "account.invite-mailed",
  "account.password-set",
  "account.role",
  "content.create",
  "content.save",
  "content.publish",
  "content.publish-now",
  "content.submit",
  "content.approve",
  "content.return",
  "content.comment",
  "content.review-link",
  "content.review-link-revoke",
  "content.review-link-open",
  "content.unpublish",
  "content.schedule",
  "content.schedule-failed",
  "content.export",
  "content.delete",
  "content.restore",
  "content.purge",
  "content.version-restore",
  "links.check",
  "links.false-positive",
  "media.upload",
  "media.delete",
  "media.captions",
  "messages.read",
  "messages.status",
  "messages.retry",
  "messages.export",
  "messages.expired",
  "audit.export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * One entry of the audit log: what happened (`action`), to what, by whom, when, and the value before and
 * after. The actor is an account, or null when nobody signed in did it (a schedule, a retention period).
 */
export function auditEntry(
  at: Date,
  actor: { id: string | null; email: string | null } | null,
  action: AuditAction,
  target: string,
  before: unknown = null,
  after: unknown = null,
): AuditEntry {
  return { at: at.toISOString(), actorId: actor?.id ?? null, actorEmail: actor?.email ?? null, action, target, before, after };
}
