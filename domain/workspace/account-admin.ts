// An admin's work on accounts: invitations (mailed, or shown as a link) and their acceptance with a first
// password, roles and languages, password resets.
import { randomBytes } from "node:crypto";
import type { AccountRow } from "../../db/repositories/accounts.ts";
import { isLanguageCode, LANGUAGE_CODES } from "../../shared/languages.ts";
import { INVITATION_TTL_MS } from "../../shared/limits.ts";
import { WORKSPACE_PREFIX } from "../../shared/workspace-routes.ts";
import { isRole, type Role } from "./roles.ts";
import {
  type Actor,
  actorOf,
  checkLength,
  checkPassword,
  EMAIL,
  hashToken,
  normalizeEmail,
  type SignedIn,
  type WorkspaceContext,
  WorkspaceError,
} from "./service-context.ts";

type InvitationResult = { account: AccountRow; path: string };

function checkLanguages(role: Role, languages: string[]): string {
  if (!languages.every(isLanguageCode)) throw new WorkspaceError("languages.unknown", "languages");
  if (role === "translator" && languages.length === 0) throw new WorkspaceError("languages.required", "languages");
  // Only translators are limited to languages; the others work in all of them.
  return role === "translator" ? LANGUAGE_CODES.filter((l) => languages.includes(l)).join(",") : "";
}

export function accountAdmin(c: WorkspaceContext) {
  const { d, now, ctxOf, record } = c;

  async function newInvitation(userId: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await d.accounts.addInvitation(hashToken(token), userId, new Date(now().getTime() + INVITATION_TTL_MS).toISOString());
    return `${WORKSPACE_PREFIX}/invitation/${token}`;
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
      const account = await c.accountById(user.id);
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
      const account = await c.accountById(open.user_id);
      await record({ id: account.id, email: account.email }, "account.password-set", account.email);
      return account;
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
      return c.accountById(userId);
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
  };
}
