// The contact form's rate limit, counted in the database so that every instance behind a load balancer counts
// the same messages. A row is a client's current window: a salted hash of its key (never an address), when
// the window began (milliseconds since the epoch) and how many hits it has had.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>, dialect: "sqlite" | "postgres"): Promise<void> {
  await db.schema
    .createTable("rate_limit_windows")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("started_at", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
}
