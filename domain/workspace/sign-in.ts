// Signing in and out of the workspace: the password with its brute-force limits (by account and by address),
// the second step's code used once, sessions with their absolute limit.
import { createHash, randomBytes } from "node:crypto";
import { PASSWORD_LENGTH, SIGN_IN_LIMITS, WORKSPACE_SESSION } from "../../shared/limits.ts";
import { actorOf, cookiesOf, EMAIL, normalizeEmail, type SignedIn, type WorkspaceContext, WorkspaceError } from "./service-context.ts";
import { decryptedSecret, stepOfCode } from "./totp.ts";

type SignInResult =
  | { outcome: "signed-in" | "two-factor"; cookies: string[] }
  | { outcome: "refused" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export function signInLimits({ d, now, record, ctxOf }: WorkspaceContext) {
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

  return { failureKeys, throttled, countFailure, firstUseOf, withPassword };
}
export type SignInLimits = ReturnType<typeof signInLimits>;

export function signInService(c: WorkspaceContext, limits: SignInLimits) {
  const { d, now, api, ctxOf, record } = c;
  return {
    async signIn(input: { email: string; password: string; client: string; headers: Headers }): Promise<SignInResult> {
      const email = normalizeEmail(input.email);
      const keys = await limits.failureKeys(email, input.client);
      const wait = await limits.throttled(keys);
      if (wait > 0) {
        await record(null, "sign-in.throttled", email);
        return { outcome: "throttled", retryAfterSeconds: wait };
      }
      const refused = async (): Promise<SignInResult> => {
        await limits.countFailure(keys);
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
        const account = await d.accounts.byEmail(email);
        if (!account) throw new Error(`the workspace account ${email} signed in but is missing`);
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
        const account = await c.accountById(response.user.id);
        const actor = { id: account.id, email: account.email };
        if (!backup && !(await limits.firstUseOf(account.id, typed))) {
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
  };
}
