// The workspace's authentication: better-auth (decision 014) on the project's own Kysely database, with
// e-mail and password and TOTP two-factor. Nobody registers: accounts come from invitations. Its HTTP
// handler is not mounted; the workspace's own routes call its API, so the route list stays ours and every
// route is checked by the same guard.
import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import type { Db, Engine } from "../../db/engine.ts";
import { PASSWORD_LENGTH, WORKSPACE_SESSION } from "../../shared/limits.ts";
import { WORKSPACE_PREFIX } from "../../shared/workspace-routes.ts";

/**
 * better-auth keeps its accounts, sessions and second factors through its own Kysely adapter: the one place the
 * domain is given the database itself rather than repositories (decision 035).
 */
export type AuthDatabase = { db: Db; type: Engine };

type WorkspaceAuthOptions = {
  /** Signs the cookies and encrypts the TOTP secrets; kept in the database (see service.ts). */
  secret: string;
  /** The site's origin, e.g. https://visitsyria.gov.sy; the cookies are Secure when it is https. */
  origin: string;
};

export function workspaceAuth(database: AuthDatabase, o: WorkspaceAuthOptions) {
  return betterAuth({
    appName: "Visit Syria",
    baseURL: o.origin,
    basePath: `${WORKSPACE_PREFIX}/auth`,
    secret: o.secret,
    database,
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
    },
    user: {
      modelName: "admin_user",
      additionalFields: {
        role: { type: "string", required: true, input: false },
        languages: { type: "string", required: false, input: false, defaultValue: "" },
        uiLanguage: { type: "string", required: false, input: false, defaultValue: "en" },
      },
    },
    // Idle expiry: a session not used for `idleSeconds` ends; each use moves its end on (at most once a minute).
    // The absolute limit is checked by the workspace service, which better-auth has no option for.
    session: { modelName: "admin_session", expiresIn: WORKSPACE_SESSION.idleSeconds, updateAge: 60 },
    account: { modelName: "admin_account" },
    verification: { modelName: "admin_verification" },
    // Sign-in attempts are limited by the workspace service, in the database, by account and by address.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "vs-admin",
      useSecureCookies: o.origin.startsWith("https://"),
      defaultCookieAttributes: { path: WORKSPACE_PREFIX, sameSite: "strict", httpOnly: true },
    },
    plugins: [twoFactor({ issuer: "Visit Syria", schema: { twoFactor: { modelName: "admin_two_factor" } } })],
  });
}
export type WorkspaceAuth = ReturnType<typeof workspaceAuth>;
