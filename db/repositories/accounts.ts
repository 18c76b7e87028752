// The workspace's accounts as the workspace reads them, and their invitations. better-auth writes the
// account, password and session rows itself; what is read or written here is what it has no words for.
import type { Db } from "../engine.ts";

export type AccountRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  languages: string;
  uiLanguage: string;
  twoFactorEnabled: boolean;
  hasPassword: boolean;
  createdAt: string;
};

const truthy = (v: unknown) => v === true || v === 1 || v === "1";
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export function accountsRepository(db: Db) {
  const base = () =>
    db
      .selectFrom("admin_user as u")
      .select(["u.id", "u.name", "u.email", "u.role", "u.languages", "u.uiLanguage", "u.twoFactorEnabled", "u.createdAt"])
      .select((eb) =>
        eb
          .exists(eb.selectFrom("admin_account as a").whereRef("a.userId", "=", "u.id").where("a.password", "is not", null).select("a.id"))
          .as("has_password"),
      );
  const toRow = (r: Awaited<ReturnType<ReturnType<typeof base>["executeTakeFirstOrThrow"]>>): AccountRow => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    languages: r.languages,
    uiLanguage: r.uiLanguage,
    twoFactorEnabled: truthy(r.twoFactorEnabled),
    hasPassword: truthy(r.has_password),
    createdAt: iso(r.createdAt),
  });
  return {
    async all(): Promise<AccountRow[]> {
      return (await base().orderBy("u.email").execute()).map(toRow);
    },
    async byId(id: string): Promise<AccountRow | undefined> {
      const r = await base().where("u.id", "=", id).executeTakeFirst();
      return r && toRow(r);
    },
    async byEmail(email: string): Promise<AccountRow | undefined> {
      const r = await base().where("u.email", "=", email).executeTakeFirst();
      return r && toRow(r);
    },
    async update(id: string, values: Partial<Pick<AccountRow, "role" | "languages" | "uiLanguage" | "name">>) {
      await db
        .updateTable("admin_user")
        .set({ ...values, updatedAt: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    },
    /** The password stops working (an admin's reset); the account keeps its role and history. */
    async clearPassword(userId: string) {
      await db
        .updateTable("admin_account")
        .set({ password: null })
        .where("userId", "=", userId)
        .where("providerId", "=", "credential")
        .execute();
    },
    async addInvitation(tokenHash: string, userId: string, expiresAt: string) {
      await db
        .insertInto("admin_invitations")
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, used_at: null })
        .execute();
    },
    /** The invitation, if it is unused and not expired. */
    async openInvitation(tokenHash: string, now: string) {
      return db
        .selectFrom("admin_invitations")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
    },
    /** Marks an invitation used; false when another request used it first. */
    async spendInvitation(tokenHash: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable("admin_invitations")
        .set({ used_at: now })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async sessionsOf(userId: string) {
      return db
        .selectFrom("admin_session")
        .select(["id", "createdAt", "updatedAt", "expiresAt", "userAgent"])
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .execute();
    },
    /** The account's authenticator secret, as better-auth keeps it (encrypted), once enrolment has begun. */
    async twoFactorSecret(userId: string): Promise<string | undefined> {
      return (await db.selectFrom("admin_two_factor").select("secret").where("userId", "=", userId).executeTakeFirst())?.secret;
    },
    async metaValue(key: string): Promise<string | undefined> {
      return (await db.selectFrom("workspace_meta").select("value").where("key", "=", key).executeTakeFirst())?.value;
    },
    /** Sets a value once: of several instances starting together, the first one's value stays. */
    async metaValueOnce(key: string, value: string): Promise<string> {
      await db
        .insertInto("workspace_meta")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const kept = await this.metaValue(key);
      if (kept === undefined) throw new Error(`workspace_meta has no ${key} just after it was set`);
      return kept;
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
