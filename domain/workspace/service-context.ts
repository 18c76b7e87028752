// What the workspace service's parts share: its dependencies, the refusal they throw, the audit record they
// write, better-auth's API (made on first use), and the checks of a new password.
import { createHash } from "node:crypto";
import type { AccountRow, AccountsRepository } from "../../db/repositories/accounts.ts";
import type { AuditRepository } from "../../db/repositories/audit.ts";
import type { SignInFailuresRepository } from "../../db/repositories/sign-in-failures.ts";
import type { TotpStepsRepository } from "../../db/repositories/totp-steps.ts";
import { PASSWORD_LENGTH } from "../../shared/limits.ts";
import { Refusal, refusalTest } from "../refusal.ts";
import { auditEntry, type AuditAction } from "./audit-actions.ts";
import type { WorkspaceAuth } from "./auth.ts";
import { passwordWeakness } from "./password-strength.ts";

export type WorkspaceDependencies = {
  /** better-auth, made on first use (its secret is read from the database). */
  auth: () => Promise<WorkspaceAuth>;
  accounts: AccountsRepository;
  audit: AuditRepository;
  failures: SignInFailuresRepository;
  totpSteps: TotpStepsRepository;
  /** Sends an invitation's link to its invitee (`replyTo`: the admin); absent when mail is not configured. */
  invitationMail?: (account: AccountRow, link: string, replyTo: string | null) => Promise<void>;
  now?: () => Date;
};

export type Actor = { id: string | null; email: string };
export type SignedIn = { account: AccountRow };

/** A refusal the workspace shows next to the field it concerns; `code` is a message key. */
export class WorkspaceError extends Refusal<string> {
  readonly field?: string;
  /** For a refusal after too many attempts: when to try again (the answer's Retry-After). */
  readonly retryAfterSeconds?: number;
  constructor(code: string, field?: string, retryAfterSeconds?: number) {
    super("WorkspaceError", code);
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
export const isWorkspaceError = refusalTest<WorkspaceError>("WorkspaceError");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const cookiesOf = (headers: Headers | undefined) => headers?.getSetCookie() ?? [];
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function actorOf(who: SignedIn): Actor {
  return { id: who.account.id, email: who.account.email };
}

export function checkLength(password: string) {
  if (password.length < PASSWORD_LENGTH.min) throw new WorkspaceError("password.tooShort", "password");
  if (password.length > PASSWORD_LENGTH.max) throw new WorkspaceError("password.tooLong", "password");
}

/** The length first (cheap), then how guessable it is, also from the account's own e-mail and name. */
export async function checkPassword(password: string, account: { email: string; name: string }) {
  checkLength(password);
  const weakness = await passwordWeakness(password, account);
  if (weakness) throw new WorkspaceError(`password.${weakness}`, "password");
}

export function workspaceContext(d: WorkspaceDependencies) {
  const now = d.now ?? (() => new Date());
  return {
    d,
    now,
    api: async () => (await d.auth()).api,
    ctxOf: async () => (await d.auth()).$context,
    record: (actor: Actor | null, action: AuditAction, target: string, before?: unknown, after?: unknown) =>
      d.audit.append(auditEntry(now(), actor, action, target, before, after)),
    /** An account that must exist (better-auth has just made it, signed it in or changed it). */
    async accountById(id: string): Promise<AccountRow> {
      const account = await d.accounts.byId(id);
      if (!account) throw new Error(`the workspace account ${id} is missing`);
      return account;
    },
  };
}
export type WorkspaceContext = ReturnType<typeof workspaceContext>;
