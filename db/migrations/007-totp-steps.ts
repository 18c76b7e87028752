// The last authenticator time step each account has used, so that a code is accepted once (OWASP ASVS 2.8.4):
// a code stays valid for its 30 seconds and one step either side, and without this a code seen over someone's
// shoulder, or sent twice, would sign in again. In the database, so every instance refuses it alike.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>, dialect: "sqlite" | "postgres"): Promise<void> {
  await db.schema
    .createTable("totp_steps")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("admin_user.id").onDelete("cascade"))
    .addColumn("step", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .execute();
}
