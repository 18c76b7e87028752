// The editorial workspace: accounts, sessions and two-factor secrets in the tables better-auth reads and
// writes (its column names, camelCase, under our own table names), then what the workspace adds: invitations,
// sign-in failures (shared by every instance, for brute-force limits), the append-only audit log, and the
// secret the session cookies are signed with.
import { sql, type Kysely } from "kysely";

type Dialect = "sqlite" | "postgres";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const time = dialect === "postgres" ? "timestamptz" : "date";
  const bool = dialect === "postgres" ? "boolean" : "integer";
  const serial = dialect === "postgres" ? "serial" : "integer";

  await db.schema
    .createTable("admin_user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .addColumn("twoFactorEnabled", bool)
    .addColumn("role", "text", (c) => c.notNull())
    // The translator's languages, comma-separated codes; empty for the other roles.
    .addColumn("languages", "text", (c) => c.notNull().defaultTo(""))
    // The workspace's interface language for this account.
    .addColumn("uiLanguage", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  const belongsToUser = (c: any) => c.notNull().references("admin_user.id").onDelete("cascade");
  await db.schema
    .createTable("admin_session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", belongsToUser)
    .execute();
  await db.schema.createIndex("admin_session_user_idx").on("admin_session").column("userId").execute();
  await db.schema
    .createTable("admin_account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", belongsToUser)
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", time)
    .addColumn("refreshTokenExpiresAt", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_account_user_idx").on("admin_account").column("userId").execute();
  await db.schema
    .createTable("admin_verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_verification_identifier_idx").on("admin_verification").column("identifier").execute();
  await db.schema
    .createTable("admin_two_factor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", belongsToUser)
    .addColumn("verified", bool)
    .addColumn("failedVerificationCount", "integer")
    .addColumn("lockedUntil", time)
    .execute();
  await db.schema.createIndex("admin_two_factor_user_idx").on("admin_two_factor").column("userId").execute();

  await db.schema
    .createTable("admin_invitations")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", belongsToUser)
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createTable("sign_in_failures")
    .addColumn("id", serial, (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sign_in_failures_key_idx").on("sign_in_failures").columns(["key", "at"]).execute();
  await db.schema
    .createTable("audit_log")
    .addColumn("id", serial, (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  // The database refuses to change or delete an audit entry, whoever asks: the log is append-only.
  if (dialect === "postgres") {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'the audit log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    for (const op of ["update", "delete"]) {
      await sql
        .raw(`create trigger audit_log_no_${op} before ${op} on audit_log begin select raise(abort, 'the audit log is append-only'); end`)
        .execute(db);
    }
  }
  await db.schema
    .createTable("workspace_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}
