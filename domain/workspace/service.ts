// The editorial workspace's accounts: invitations, sign-in with its brute-force limits, two-factor, sessions,
// roles, and the audit log every one of these writes to. The HTTP side passes the request's headers (for the
// session cookie) and gets back the Set-Cookie values to send. Its parts: account-admin.ts (an admin's work
// on accounts), sign-in.ts (signing in and out, the limits), and here what a signed-in person does for their
// own account and the audit log.
import type { AuditFilter } from "../../db/repositories/audit.ts";
import { isLanguageCode } from "../../shared/languages.ts";
import { csvFile } from "../csv.ts";
import { accountAdmin } from "./account-admin.ts";
import { requiresTwoFactor } from "./roles.ts";
import {
  actorOf,
  checkPassword,
  cookiesOf,
  type SignedIn,
  type WorkspaceDependencies,
  workspaceContext,
  WorkspaceError,
} from "./service-context.ts";
import { signInLimits, signInService } from "./sign-in.ts";

export { isWorkspaceError, type SignedIn } from "./service-context.ts";

/** The most entries one export holds: a year of a busy team, and a file a spreadsheet still opens. */
const AUDIT_EXPORT_LIMIT = 100_000;

export function workspaceService(dependencies: WorkspaceDependencies) {
  const c = workspaceContext(dependencies);
  const { d, api, record } = c;
  const limits = signInLimits(c);
  const { withPassword, firstUseOf } = limits;

  return {
    ...accountAdmin(c),
    ...signInService(c, limits),

    /** Starts two-factor enrolment: the TOTP address for the authenticator app, and one-time backup codes. */
    async startTwoFactor(
      headers: Headers,
      who: SignedIn,
      password: string,
      client: string,
    ): Promise<{ totpURI: string; backupCodes: string[] }> {
      const enrolment = await withPassword(who, client, "password", async () =>
        (await api()).enableTwoFactor({ body: { password }, headers }),
      );
      if (enrolment.method !== "totp") throw new Error("TOTP is the only second factor configured");
      return { totpURI: enrolment.totpURI, backupCodes: enrolment.backupCodes };
    },

    /** Confirms enrolment with a first code; the other sessions end. */
    async confirmTwoFactor(headers: Headers, who: SignedIn, code: string): Promise<string[]> {
      try {
        const { headers: out } = await (await api()).verifyTOTP({ body: { code: code.trim() }, headers, returnHeaders: true });
        // The code that turned two-factor on is used: it will not sign in as well.
        await firstUseOf(who.account.id, code.trim());
        await record(actorOf(who), "two-factor.enabled", who.account.email);
        return cookiesOf(out);
      } catch {
        throw new WorkspaceError("code.wrong", "code");
      }
    },

    /** New backup codes, after the password again: the old ones stop working. */
    async newBackupCodes(headers: Headers, who: SignedIn, password: string, client: string): Promise<string[]> {
      const { backupCodes } = await withPassword(who, client, "password", async () =>
        (await api()).generateBackupCodes({ body: { password }, headers }),
      );
      await record(actorOf(who), "two-factor.backup-codes", who.account.email);
      return backupCodes;
    },

    async changePassword(
      headers: Headers,
      who: SignedIn,
      current: string,
      next: string,
      confirmation: string,
      client: string,
    ): Promise<string[]> {
      await checkPassword(next, who.account);
      if (next !== confirmation) throw new WorkspaceError("password.mismatch", "confirmation");
      const { headers: out } = await withPassword(who, client, "current", async () =>
        (await api()).changePassword({
          body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      );
      await record(actorOf(who), "password.changed", who.account.email);
      return cookiesOf(out);
    },

    async setInterfaceLanguage(who: SignedIn, language: string) {
      if (!isLanguageCode(language)) throw new WorkspaceError("language.unknown");
      await d.accounts.update(who.account.id, { uiLanguage: language });
    },

    needsTwoFactor(who: SignedIn): boolean {
      return requiresTwoFactor(who.account.role) && !who.account.twoFactorEnabled;
    },

    audit(filter: AuditFilter) {
      return d.audit.list(filter);
    },

    /** The entries the filter finds, as a CSV file for the ministry's records; the export is itself audited. */
    async exportAudit(who: SignedIn, filter: Omit<AuditFilter, "limit" | "offset">): Promise<{ csv: string; count: number }> {
      const entries = await d.audit.list({ ...filter, limit: AUDIT_EXPORT_LIMIT, offset: 0 });
      const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
      const csv = csvFile(
        ["id", "at", "who", "action", "target", "before", "after"],
        entries.map((e) => [e.id, e.at, e.actorEmail, e.action, e.target, json(e.before), json(e.after)]),
      );
      await record(actorOf(who), "audit.export", "audit", null, { ...filter, count: entries.length });
      return { csv, count: entries.length };
    },
  };
}

export type WorkspaceService = ReturnType<typeof workspaceService>;
