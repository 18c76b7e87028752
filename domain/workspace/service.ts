// The editorial workspace's accounts: invitations, sign-in with its brute-force limits, two-factor, sessions,
// roles, and the audit log every one of these writes to. The HTTP side passes the request's headers (for the
// session cookie) and gets back the Set-Cookie values to send.
import { createHash, randomBytes } from "node:crypto";
import type { AccountRow, AccountsRepository } from "../../db/repositories/accounts.ts";
import type { AuditFilter, AuditRepository } from "../../db/repositories/audit.ts";
import type { SignInFailuresRepository } from "../../db/repositories/sign-in-failures.ts";
import type { TotpStepsRepository } from "../../db/repositories/totp-steps.ts";
import { INVITATION_TTL_MS, PASSWORD_LENGTH, SIGN_IN_LIMITS, WORKSPACE_SESSION } from "../../shared/limits.ts";
import { isLanguageCode, LANGUAGE_CODES } from "../../shared/languages.ts";
import { WORKSPACE_PREFIX } from "../../shared/workspace-routes.ts";
import type { WorkspaceAuth } from "./auth.ts";
import { auditEntry, type AuditAction } from "./audit-actions.ts";
import { isRole, requiresTwoFactor, type Role } from "./roles.ts";
import { Refusal, refusalTest } from "../refusal.ts";
import { decryptedSecret, stepOfCode } from "./totp.ts";
import { passwordWeakness } from "./password-strength.ts";
import { csvFile } from "../csv.ts";

/** The most entries one export holds: a year of a busy team, and a file a spreadsheet still opens. */
const AUDIT_EXPORT_LIMIT = 100_000;

type Actor = { id: string | null; email: string };
export type SignedIn = { account: AccountRow };
type SignInResult =
  | { outcome: "signed-in" | "two-factor"; cookies: string[] }
  | { outcome: "refused" }
  | { outcome: "throttled"; retryAfterSeconds: number };
type InvitationResult = { account: AccountRow; path: string };

/** A refusal the workspace shows next to the field it concerns; `code` is a message key. */
class WorkspaceError extends Refusal<string> {
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

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const cookiesOf = (headers: Headers | undefined) => headers?.getSetCookie() ?? [];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function workspaceService(d: {
  /** better-auth, made on first use (its secret is read from the database). */
  auth: () => Promise<WorkspaceAuth>;
  accounts: AccountsRepository;
  audit: AuditRepository;
  failures: SignInFailuresRepository;
  totpSteps: TotpStepsRepository;
  /** Sends an invitation's link to its invitee (`replyTo`: the admin); absent when mail is not configured. */
  invitationMail?: (account: AccountRow, link: string, replyTo: string | null) => Promise<void>;
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());
  const api = async () => (await d.auth()).api;
  const ctxOf = async () => (await d.auth()).$context;
  const record = (actor: Actor | null, action: AuditAction, target: string, before?: unknown, after?: unknown) =>
    d.audit.append(auditEntry(now(), actor, action, target, before, after));

  async function newInvitation(userId: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await d.accounts.addInvitation(hashToken(token), userId, new Date(now().getTime() + INVITATION_TTL_MS).toISOString());
    return `${WORKSPACE_PREFIX}/invitation/${token}`;
  }

  function checkLength(password: string) {
    if (password.length < PASSWORD_LENGTH.min) throw new WorkspaceError("password.tooShort", "password");
    if (password.length > PASSWORD_LENGTH.max) throw new WorkspaceError("password.tooLong", "password");
  }

  /** The length first (cheap), then how guessable it is, also from the account's own e-mail and name. */
  async function checkPassword(password: string, account: { email: string; name: string }) {
    checkLength(password);
    const weakness = await passwordWeakness(password, account);
    if (weakness) throw new WorkspaceError(`password.${weakness}`, "password");
  }

  function checkLanguages(role: Role, languages: string[]): string {
    if (!languages.every(isLanguageCode)) throw new WorkspaceError("languages.unknown", "languages");
    if (role === "translator" && languages.length === 0) throw new WorkspaceError("languages.required", "languages");
    // Only translators are limited to languages; the others work in all of them.
    return role === "translator" ? LANGUAGE_CODES.filter((l) => languages.includes(l)).join(",") : "";
  }

  // Addresses are counted by a salted hash, never stored as they are (the site's privacy promise); the salt
  // is kept in the database so every instance counts the same address alike.
  let salt: Promise<string> | undefined;
  async function addressKey(client: string): Promise<string> {
    salt ??= d.accounts.metaValueOnce("address-salt", randomBytes(16).toString("hex"));
    const hash = createHash("sha256")
      .update(`${await salt}:${client}`)
      .digest("base64url");
    return `address:${hash}`;
  }

  /** The keys a password failure is counted under: the account, and the client's address (hashed). */
  async function failureKeys(email: string, client: string): Promise<string[]> {
    return [`account:${email}`, await addressKey(client)];
  }

  /** Seconds until the account and the address may try a password again; 0 when they may now. */
  async function throttled(keys: string[]): Promise<number> {
    const limits = [SIGN_IN_LIMITS.perAccount, SIGN_IN_LIMITS.perAddress];
    const since = new Date(now().getTime() - SIGN_IN_LIMITS.windowMs).toISOString();
    let wait = 0;
    for (const [i, key] of keys.entries()) {
      const { count, oldest } = await d.failures.since(key, since);
      if (count >= limits[i] && oldest) {
        wait = Math.max(wait, Math.ceil((new Date(oldest).getTime() + SIGN_IN_LIMITS.windowMs - now().getTime()) / 1000));
      }
    }
    return wait;
  }

  /** Counts a wrong password under `keys`; failures older than the window count for nothing any more. */
  async function countFailure(keys: string[]) {
    await d.failures.record(keys, now().toISOString());
    await d.failures.forget(new Date(now().getTime() - SIGN_IN_LIMITS.windowMs).toISOString());
  }

  /**
   * Records the step of a code better-auth has just accepted for this account: true when it is later than any
   * step the account used before (better-auth reads the clock itself, so the step is found on the same clock).
   */
  async function firstUseOf(userId: string, code: string): Promise<boolean> {
    const encrypted = await d.accounts.twoFactorSecret(userId);
    if (!encrypted) return false;
    const step = await stepOfCode(await decryptedSecret((await ctxOf()).secretConfig, encrypted), code, Date.now());
    return step !== undefined && (await d.totpSteps.claim(userId, step));
  }

  /**
   * Work that needs the signed-in person's password again (turning on two-step, new backup codes, a new
   * password). A wrong password counts with the sign-in failures, by account and by address, so typing it here
   * is no way round the sign-in limits; past them, the right one waits too.
   */
  async function withPassword<T>(who: SignedIn, client: string, field: string, work: () => Promise<T>): Promise<T> {
    const keys = await failureKeys(who.account.email, client);
    const wait = await throttled(keys);
    if (wait > 0) {
      await record(actorOf(who), "password.throttled", who.account.email);
      throw new WorkspaceError("password.throttled", field, wait);
    }
    try {
      return await work();
    } catch {
      await countFailure(keys);
      await record(actorOf(who), "password.failed", who.account.email);
      throw new WorkspaceError("password.wrong", field);
    }
  }

  return {
    /** Invites an account: it has no password until the invitee opens the link and sets one. */
    async invite(
      actor: Actor,
      input: { email: string; name: string; role: string; languages: string[]; uiLanguage?: string },
    ): Promise<InvitationResult> {
      const email = normalizeEmail(input.email);
      if (!EMAIL.test(email) || email.length > 254) throw new WorkspaceError("email.invalid", "email");
      const name = input.name.trim();
      if (name.length < 2 || name.length > 100) throw new WorkspaceError("name.invalid", "name");
      if (!isRole(input.role)) throw new WorkspaceError("role.invalid", "role");
      const languages = checkLanguages(input.role, input.languages);
      if (await d.accounts.byEmail(email)) throw new WorkspaceError("email.taken", "email");
      const ctx = await ctxOf();
      const user = await ctx.internalAdapter.createUser(
        // The workspace speaks to them in the language the admin chose for them (English unless told).
        {
          email,
          name,
          emailVerified: true,
          role: input.role,
          languages,
          uiLanguage: isLanguageCode(input.uiLanguage) ? input.uiLanguage : "en",
        },
        { method: "admin" },
      );
      const path = await newInvitation(user.id);
      const account = (await d.accounts.byId(user.id))!;
      await record(actor, "account.invite", email, undefined, { role: account.role, languages: account.languages });
      return { account, path };
    },

    /**
     * E-mails an invitation's link to its invitee, in their workspace language, when mail is configured (the
     * admin is shown the link too, and is who a reply reaches). False when there is no mail to send it with.
     */
    async mailInvitation(actor: Actor, account: AccountRow, link: string): Promise<boolean> {
      if (!d.invitationMail) return false;
      await d.invitationMail(account, link, actor.email);
      await record(actor, "account.invite-mailed", account.email);
      return true;
    },

    /** The account an invitation link is for, or undefined when it is unknown, used or expired. */
    async invitation(token: string): Promise<AccountRow | undefined> {
      const open = await d.accounts.openInvitation(hashToken(token), now().toISOString());
      return open && d.accounts.byId(open.user_id);
    },

    /** Sets the password an invitation (or an admin's reset) asked for. The link works once. */
    async acceptInvitation(token: string, password: string, confirmation: string, interfaceLanguage?: string): Promise<AccountRow> {
      checkLength(password);
      if (password !== confirmation) throw new WorkspaceError("password.mismatch", "confirmation");
      const tokenHash = hashToken(token);
      const open = await d.accounts.openInvitation(tokenHash, now().toISOString());
      const invitee = open && (await d.accounts.byId(open.user_id));
      if (!open || !invitee) throw new WorkspaceError("invitation.invalid");
      // Checked before the link is spent: a refused password leaves the link working for a better one.
      await checkPassword(password, invitee);
      if (!(await d.accounts.spendInvitation(tokenHash, now().toISOString()))) throw new WorkspaceError("invitation.invalid");
      const ctx = await ctxOf();
      const hash = await ctx.password.hash(password);
      const credential = (await ctx.internalAdapter.findAccounts(open.user_id)).find((a) => a.providerId === "credential");
      if (credential) await ctx.internalAdapter.updatePassword(open.user_id, hash);
      else
        await ctx.internalAdapter.linkAccount({ userId: open.user_id, providerId: "credential", accountId: open.user_id, password: hash });
      // The language the link was opened in becomes the account's workspace language.
      if (isLanguageCode(interfaceLanguage)) await d.accounts.update(open.user_id, { uiLanguage: interfaceLanguage });
      const account = (await d.accounts.byId(open.user_id))!;
      await record({ id: account.id, email: account.email }, "account.password-set", account.email);
      return account;
    },

    async signIn(input: { email: string; password: string; client: string; headers: Headers }): Promise<SignInResult> {
      const email = normalizeEmail(input.email);
      const keys = await failureKeys(email, input.client);
      const wait = await throttled(keys);
      if (wait > 0) {
        await record(null, "sign-in.throttled", email);
        return { outcome: "throttled", retryAfterSeconds: wait };
      }
      const refused = async (): Promise<SignInResult> => {
        await countFailure(keys);
        await record(null, "sign-in.failed", email);
        return { outcome: "refused" };
      };
      // What no account can have is refused like a wrong password (better-auth would answer 400 for it).
      if (!EMAIL.test(email) || input.password.length > PASSWORD_LENGTH.max) return refused();
      try {
        const { headers, response } = await (await api()).signInEmail({
          body: { email, password: input.password, rememberMe: true },
          headers: input.headers,
          returnHeaders: true,
        });
        const account = (await d.accounts.byEmail(email))!;
        await d.failures.clear(keys[0]);
        const twoFactor = "twoFactorRedirect" in response && response.twoFactorRedirect;
        await record({ id: account.id, email }, twoFactor ? "sign-in.password" : "sign-in", email);
        return { outcome: twoFactor ? "two-factor" : "signed-in", cookies: cookiesOf(headers) };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 401) throw error;
        return refused();
      }
    },

    /**
     * The second step of a sign-in: the code from the authenticator app, accepted once, or one of the backup
     * codes given at enrolment (each works once). Failures of either count towards better-auth's lockout.
     */
    async verifySignInCode(code: string, headers: Headers): Promise<{ ok: boolean; cookies: string[] }> {
      const typed = code.trim();
      const backup = !/^\d{6}$/.test(typed);
      try {
        const verify = backup ? (await api()).verifyBackupCode : (await api()).verifyTOTP;
        const { headers: out, response } = await verify({ body: { code: typed }, headers, returnHeaders: true });
        const account = (await d.accounts.byId(response.user.id))!;
        const actor = { id: account.id, email: account.email };
        if (!backup && !(await firstUseOf(account.id, typed))) {
          // A code already used: the session better-auth made for it ends before anyone has its cookie.
          if (response.token) await (await ctxOf()).internalAdapter.deleteSession(response.token);
          await record(actor, "sign-in.code-reused", account.email);
          return { ok: false, cookies: [] };
        }
        await record(actor, backup ? "sign-in.backup-code" : "sign-in", account.email, undefined, { twoFactor: true });
        return { ok: true, cookies: cookiesOf(out) };
      } catch {
        await record(null, "sign-in.two-factor-failed", "");
        return { ok: false, cookies: [] };
      }
    },

    /** The signed-in account of a request, or null: no cookie, an ended session, or past the absolute limit. */
    async current(headers: Headers): Promise<SignedIn | null> {
      const found = await (await api()).getSession({ headers });
      if (!found) return null;
      const age = now().getTime() - new Date(found.session.createdAt).getTime();
      if (age > WORKSPACE_SESSION.absoluteSeconds * 1000) {
        await (await ctxOf()).internalAdapter.deleteSession(found.session.token);
        return null;
      }
      const account = await d.accounts.byId(found.user.id);
      return account ? { account } : null;
    },

    async signOut(headers: Headers, who: SignedIn): Promise<string[]> {
      const { headers: out } = await (await api()).signOut({ headers, returnHeaders: true });
      await record(actorOf(who), "sign-out", who.account.email);
      return cookiesOf(out);
    },

    async signOutEverywhere(headers: Headers, who: SignedIn): Promise<string[]> {
      await (await ctxOf()).internalAdapter.deleteUserSessions(who.account.id);
      const { headers: out } = await (await api()).signOut({ headers, returnHeaders: true }).catch(() => ({ headers: undefined }));
      await record(actorOf(who), "sign-out.everywhere", who.account.email);
      return cookiesOf(out);
    },

    async sessions(who: SignedIn) {
      const rows = await d.accounts.sessionsOf(who.account.id);
      return rows.map((s) => ({
        id: s.id,
        createdAt: new Date(s.createdAt).toISOString(),
        lastUsedAt: new Date(s.updatedAt).toISOString(),
        userAgent: s.userAgent ?? "",
      }));
    },

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

    async accounts(): Promise<AccountRow[]> {
      return d.accounts.all();
    },

    /** An admin changes an account's role or languages; its sessions end, so the change applies at once. */
    async setRole(actor: SignedIn, userId: string, role: string, languages: string[]): Promise<AccountRow> {
      if (userId === actor.account.id) throw new WorkspaceError("role.self", "role");
      if (!isRole(role)) throw new WorkspaceError("role.invalid", "role");
      const before = await d.accounts.byId(userId);
      if (!before) throw new WorkspaceError("account.unknown");
      const codes = checkLanguages(role, languages);
      await d.accounts.update(userId, { role, languages: codes });
      await (await ctxOf()).internalAdapter.deleteUserSessions(userId);
      await record(
        actorOf(actor),
        "account.role",
        before.email,
        { role: before.role, languages: before.languages },
        { role, languages: codes },
      );
      return (await d.accounts.byId(userId))!;
    },

    /** An admin resets a password: the old one stops working, every session ends, and a new link is made. */
    async resetPassword(actor: SignedIn, userId: string): Promise<InvitationResult> {
      const account = await d.accounts.byId(userId);
      if (!account) throw new WorkspaceError("account.unknown");
      await d.accounts.clearPassword(userId);
      await (await ctxOf()).internalAdapter.deleteUserSessions(userId);
      const path = await newInvitation(userId);
      await record(actorOf(actor), "password.reset", account.email);
      return { account, path };
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

function actorOf(who: SignedIn): Actor {
  return { id: who.account.id, email: who.account.email };
}

export type WorkspaceService = ReturnType<typeof workspaceService>;
