// The workspace's accounts on both engines, through the domain service the admin pages call: invitations,
// sign-in with and without TOTP, brute-force limits shared through the database, sessions, roles, and the
// append-only audit log.
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { sql } from "kysely";
import { ENGINES, silentLog, testApp } from "../setup/test-app.ts";
import { buildDomain } from "../../server/compose.ts";
import { secretOf, totpCode } from "../../harness/totp.ts";
import { SIGN_IN_LIMITS } from "../../shared/limits.ts";
import type { WorkspaceService } from "../../domain/workspace/service.ts";

const CLI = { id: null, email: "command line" };
const headersWith = (cookies: string[]) => new Headers({ cookie: cookies.map((c) => c.split(";")[0]).join("; ") });
const tokenOf = (path: string) => path.split("/").pop()!;

describe.each(ENGINES)("workspace accounts on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let ws: WorkspaceService;
  beforeAll(async () => {
    t = await testApp(engine);
    ws = t.domain.workspace;
  });
  afterAll(() => t.close());

  // The authenticator secrets of the accounts that enrolled, by e-mail, for the tests that follow enrolment.
  const secrets = new Map<string, string>();
  const enrolledSecret = async (email: string) => secrets.get(email)!;
  const backups = new Map<string, string[]>();

  async function invited(email: string, role: string, password: string, languages: string[] = []) {
    const { path } = await ws.invite(CLI, { email, name: "Test Person", role, languages });
    await ws.acceptInvitation(tokenOf(path), password, password);
  }

  it("invites an account that can sign in only after setting a password through its one-time link", async () => {
    const { path, account } = await ws.invite(CLI, { email: " Rania@Example.org ", name: "Rania", role: "editor", languages: [] });
    expect(account).toMatchObject({ email: "rania@example.org", role: "editor", hasPassword: false });
    expect(path).toMatch(/^\/admin\/invitation\/[\w-]{40,}$/);
    const before = await ws.signIn({ email: "rania@example.org", password: "", client: "c1", headers: new Headers() });
    expect(before.outcome).toBe("refused");

    await expect(ws.acceptInvitation(tokenOf(path), "short", "short")).rejects.toMatchObject({ code: "password.tooShort" });
    await expect(ws.acceptInvitation(tokenOf(path), "a long passphrase", "another one!!")).rejects.toMatchObject({
      code: "password.mismatch",
    });
    await ws.acceptInvitation(tokenOf(path), "cedar and jasmine", "cedar and jasmine");
    await expect(ws.acceptInvitation(tokenOf(path), "cedar and jasmine", "cedar and jasmine")).rejects.toMatchObject({
      code: "invitation.invalid",
    });

    const signIn = await ws.signIn({ email: "RANIA@example.org", password: "cedar and jasmine", client: "c1", headers: new Headers() });
    expect(signIn.outcome).toBe("signed-in");
    const cookies = (signIn as { cookies: string[] }).cookies;
    const session = cookies.find((c) => c.includes("session_token"))!;
    expect(session).toMatch(/Path=\/admin/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    const who = await ws.current(headersWith(cookies));
    expect(who?.account.email).toBe("rania@example.org");
  });

  it("refuses a common, a guessable or a personal password, saying which, and keeps the link working", async () => {
    const { path } = await ws.invite(CLI, { email: "nadia.khoury@example.org", name: "Nadia Khoury", role: "editor", languages: [] });
    const refused: [string, string][] = [
      ["aaaaaaaaaaaa", "password.guessable"],
      ["password1234", "password.common"],
      ["qwertyuiop123", "password.common"],
      ["nadia.khoury@example.org", "password.personal"],
      ["Nadia Khoury 1990", "password.personal"],
    ];
    for (const [password, code] of refused) {
      await expect(ws.acceptInvitation(tokenOf(path), password, password), password).rejects.toMatchObject({ code, field: "password" });
    }
    expect((await ws.acceptInvitation(tokenOf(path), "figs dried on a flat roof", "figs dried on a flat roof")).email).toBe(
      "nadia.khoury@example.org",
    );
  });

  it("refuses an unknown e-mail, a second account with the same e-mail, an unknown role and a translator without languages", async () => {
    await expect(ws.invite(CLI, { email: "nobody", name: "No One", role: "editor", languages: [] })).rejects.toMatchObject({
      field: "email",
    });
    await expect(ws.invite(CLI, { email: "rania@example.org", name: "Rania", role: "viewer", languages: [] })).rejects.toMatchObject({
      code: "email.taken",
    });
    await expect(ws.invite(CLI, { email: "x@example.org", name: "Xavier", role: "owner", languages: [] })).rejects.toMatchObject({
      code: "role.invalid",
    });
    await expect(ws.invite(CLI, { email: "y@example.org", name: "Yasmin", role: "translator", languages: [] })).rejects.toMatchObject({
      code: "languages.required",
    });
    await expect(ws.invite(CLI, { email: "z@example.org", name: "Zaid", role: "translator", languages: ["xx"] })).rejects.toMatchObject({
      code: "languages.unknown",
    });
  });

  it("asks for the authenticator code once two-factor is on, and refuses a wrong one", async () => {
    await invited("omar@example.org", "admin", "olive grove at dawn");
    const first = (await ws.signIn({
      email: "omar@example.org",
      password: "olive grove at dawn",
      client: "c2",
      headers: new Headers(),
    })) as {
      outcome: string;
      cookies: string[];
    };
    expect(first.outcome).toBe("signed-in");
    const who = (await ws.current(headersWith(first.cookies)))!;
    expect(ws.needsTwoFactor(who)).toBe(true);
    await expect(ws.startTwoFactor(headersWith(first.cookies), who, "not the password", "c2")).rejects.toMatchObject({
      code: "password.wrong",
    });
    const { totpURI, backupCodes } = await ws.startTwoFactor(headersWith(first.cookies), who, "olive grove at dawn", "c2");
    secrets.set("omar@example.org", secretOf(totpURI));
    backups.set("omar@example.org", backupCodes);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    await expect(ws.confirmTwoFactor(headersWith(first.cookies), who, "000000")).rejects.toMatchObject({ code: "code.wrong" });
    const renewed = await ws.confirmTwoFactor(headersWith(first.cookies), who, totpCode(secretOf(totpURI)));
    // Enrolment renews the session (its cookie changes): the old token no longer signs anyone in.
    expect(ws.needsTwoFactor((await ws.current(headersWith(renewed)))!)).toBe(false);
    expect(await ws.current(headersWith(first.cookies))).toBeNull();

    const second = (await ws.signIn({
      email: "omar@example.org",
      password: "olive grove at dawn",
      client: "c2",
      headers: new Headers(),
    })) as {
      outcome: string;
      cookies: string[];
    };
    expect(second.outcome).toBe("two-factor");
    // The password alone gives no session.
    expect(await ws.current(headersWith(second.cookies))).toBeNull();
    expect((await ws.verifySignInCode("123456", headersWith(second.cookies))).ok).toBe(false);
    // The code that turned two-step on was used: the sign-in takes the next one.
    const verified = await ws.verifySignInCode(totpCode(secretOf(totpURI), Date.now() + 30_000), headersWith(second.cookies));
    expect(verified.ok).toBe(true);
    expect((await ws.current(headersWith(verified.cookies)))?.account.email).toBe("omar@example.org");
  });

  it("accepts an authenticator code once: the same code again, on this instance or another, signs nobody in", async () => {
    const password = "olive grove at dawn";
    const passwordStep = async (service: WorkspaceService) =>
      headersWith(
        ((await service.signIn({ email: "omar@example.org", password, client: "c2", headers: new Headers() })) as { cookies: string[] })
          .cookies,
      );
    // A minute and a half on: every code the enrolment test used has expired.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 90_000);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const secret = await enrolledSecret("omar@example.org");
    const code = totpCode(secret);
    const first = await ws.verifySignInCode(code, await passwordStep(ws));
    expect(first.ok).toBe(true);
    const replay = await ws.verifySignInCode(code, await passwordStep(ws));
    expect(replay).toEqual({ ok: false, cookies: [] });
    // A second instance on the same database knows the code was used.
    const other = buildDomain(t.database, silentLog, { publicOrigin: "http://site.test" }).workspace;
    expect((await other.verifySignInCode(code, await passwordStep(other))).ok).toBe(false);
    expect((await ws.audit({ limit: 50, offset: 0 })).map((e) => e.action)).toContain("sign-in.code-reused");
  });

  it("accepts each backup code once in place of a code, and makes new ones that void the old", async () => {
    const password = "olive grove at dawn";
    const passwordStep = async () =>
      headersWith(
        ((await ws.signIn({ email: "omar@example.org", password, client: "c5", headers: new Headers() })) as { cookies: string[] }).cookies,
      );
    const [first, second] = backups.get("omar@example.org")!;
    const signedIn = await ws.verifySignInCode(first, await passwordStep());
    expect(signedIn.ok).toBe(true);
    const omar = (await ws.current(headersWith(signedIn.cookies)))!;
    expect(omar.account.email).toBe("omar@example.org");
    expect((await ws.verifySignInCode(first, await passwordStep())).ok).toBe(false);

    await expect(ws.newBackupCodes(headersWith(signedIn.cookies), omar, "not the password", "c5")).rejects.toMatchObject({
      code: "password.wrong",
    });
    const fresh = await ws.newBackupCodes(headersWith(signedIn.cookies), omar, password, "c5");
    expect(fresh.length).toBeGreaterThanOrEqual(8);
    expect(fresh).not.toContain(second);
    expect((await ws.verifySignInCode(second, await passwordStep())).ok).toBe(false);
    expect((await ws.verifySignInCode(fresh[0], await passwordStep())).ok).toBe(true);
    const actions = (await ws.audit({ limit: 100, offset: 0 })).map((e) => e.action);
    expect(actions).toContain("sign-in.backup-code");
    expect(actions).toContain("two-factor.backup-codes");
  });

  it("refuses a malformed e-mail, an empty form and an overlong password like a wrong password, without failing", async () => {
    for (const [email, password] of [
      ["not-an-email", "whatever it is"],
      ["", ""],
      ["rania@example.org", "x".repeat(300)],
    ]) {
      const r = await ws.signIn({ email, password, client: "typos", headers: new Headers() });
      expect(r.outcome, `${email} / ${password.length}`).toBe("refused");
    }
  });

  it("stops guessing after the per-account limit, from any address, and tells when to try again", async () => {
    await invited("guess@example.org", "viewer", "a good long secret");
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      const r = await ws.signIn({ email: "guess@example.org", password: `wrong ${i}`, client: `addr-${i}`, headers: new Headers() });
      expect(r.outcome).toBe("refused");
    }
    const blocked = await ws.signIn({
      email: "guess@example.org",
      password: "a good long secret",
      client: "fresh",
      headers: new Headers(),
    });
    expect(blocked.outcome).toBe("throttled");
    expect((blocked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowMs / 1000 - 60);
  });

  it("counts wrong passwords typed again while signed in with the sign-in failures, and stops them at the same limit", async () => {
    const password = "a good long secret phrase";
    await invited("reauth@example.org", "editor", password);
    const cookies = headersWith(
      ((await ws.signIn({ email: "reauth@example.org", password, client: "desk", headers: new Headers() })) as { cookies: string[] })
        .cookies,
    );
    const who = (await ws.current(cookies))!;
    const attempts = [
      () => ws.startTwoFactor(cookies, who, "guess", "desk"),
      () => ws.changePassword(cookies, who, "guess", "a new and long passphrase", "a new and long passphrase", "desk"),
    ];
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) await expect(attempts[i % 2]()).rejects.toMatchObject({ code: "password.wrong" });
    // The right password now waits too, whichever form it is typed in, and so does signing in.
    await expect(ws.startTwoFactor(cookies, who, password, "desk")).rejects.toMatchObject({ code: "password.throttled" });
    await expect(
      ws.changePassword(cookies, who, password, "a new and long passphrase", "a new and long passphrase", "desk"),
    ).rejects.toMatchObject({
      code: "password.throttled",
    });
    expect((await ws.signIn({ email: "reauth@example.org", password, client: "elsewhere", headers: new Headers() })).outcome).toBe(
      "throttled",
    );
    const actions = (await ws.audit({ limit: 100, offset: 0 })).map((e) => e.action);
    expect(actions).toContain("password.failed");
    expect(actions).toContain("password.throttled");
  });

  it("stops one address trying many accounts", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      await ws.signIn({ email: `spray${i}@example.org`, password: "password123456", client: "sprayer", headers: new Headers() });
    }
    const r = await ws.signIn({ email: "rania@example.org", password: "cedar and jasmine", client: "sprayer", headers: new Headers() });
    expect(r.outcome).toBe("throttled");
    const elsewhere = await ws.signIn({
      email: "rania@example.org",
      password: "cedar and jasmine",
      client: "office",
      headers: new Headers(),
    });
    expect(elsewhere.outcome).toBe("signed-in");
    // The address is counted, not kept.
    const keys = (await sql<{ key: string }>`select key from sign_in_failures`.execute(t.database.db)).rows.map((r) => r.key);
    expect(keys.some((k) => k.startsWith("address:"))).toBe(true);
    expect(keys.join(" ")).not.toContain("sprayer");
  });

  it("ends every session of an account whose role or password changes, and when its owner signs out everywhere", async () => {
    const admin = (await ws.current(
      headersWith(
        ((await ws.signIn({ email: "rania@example.org", password: "cedar and jasmine", client: "office", headers: new Headers() })) as any)
          .cookies,
      ),
    ))!;
    await invited("lina@example.org", "translator", "lemon trees of jaffa", ["fr"]);
    const sign = async () =>
      headersWith(
        ((await ws.signIn({ email: "lina@example.org", password: "lemon trees of jaffa", client: "c3", headers: new Headers() })) as any)
          .cookies,
      );
    const a = await sign();
    const b = await sign();
    const lina = (await ws.current(a))!;
    expect(lina.account.languages).toBe("fr");
    expect((await ws.sessions(lina)).length).toBe(2);

    await ws.setRole(admin, lina.account.id, "translator", ["fr", "tr"]);
    expect(await ws.current(a)).toBeNull();
    expect(await ws.current(b)).toBeNull();
    await expect(ws.setRole(admin, admin.account.id, "viewer", [])).rejects.toMatchObject({ code: "role.self" });

    const c = await sign();
    const d = await sign();
    await ws.signOutEverywhere(c, (await ws.current(c))!);
    expect(await ws.current(d)).toBeNull();

    const { path } = await ws.resetPassword(admin, lina.account.id);
    const old = await ws.signIn({ email: "lina@example.org", password: "lemon trees of jaffa", client: "c4", headers: new Headers() });
    expect(old.outcome).toBe("refused");
    await ws.acceptInvitation(tokenOf(path), "a brand new passphrase", "a brand new passphrase");
    const fresh = await ws.signIn({ email: "lina@example.org", password: "a brand new passphrase", client: "c4", headers: new Headers() });
    expect(fresh.outcome).toBe("signed-in");
  });

  it("writes every step to the audit log, which the database refuses to change or delete", async () => {
    const entries = await ws.audit({ limit: 500, offset: 0 });
    const actions = new Set(entries.map((e) => e.action));
    for (const a of [
      "account.invite",
      "account.password-set",
      "sign-in",
      "sign-in.failed",
      "sign-in.throttled",
      "sign-in.password",
      "two-factor.enabled",
      "account.role",
      "password.reset",
      "sign-out.everywhere",
    ]) {
      expect(actions, a).toContain(a);
    }
    const role = entries.find((e) => e.action === "account.role")!;
    expect(role).toMatchObject({ actorEmail: "rania@example.org", target: "lina@example.org" });
    expect(role.before).toEqual({ role: "translator", languages: "fr" });
    expect(role.after).toEqual({ role: "translator", languages: "fr,tr" });
    // No password, hash or token is ever written to the log.
    expect(JSON.stringify(entries)).not.toMatch(/cedar and jasmine|lemon trees|scrypt|invitation\//);

    await expect(sql`update audit_log set action = 'nothing'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect((await ws.audit({ limit: 500, offset: 0 })).length).toBe(entries.length);
  });
});
