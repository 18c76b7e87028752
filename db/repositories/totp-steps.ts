// The last authenticator time step each account has used (migration 007), shared by every instance.
import { sql } from "kysely";
import type { Db } from "../engine.ts";

export function totpStepsRepository(db: Db) {
  return {
    /**
     * Records `step` as the account's last used one, in one statement, only when it is later than the one
     * recorded: of two sign-ins racing with the same code, one wins. Answers whether this one did.
     */
    async claim(userId: string, step: number): Promise<boolean> {
      const row = await db
        .insertInto("totp_steps")
        .values({ user_id: userId, step })
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet({ step: sql`excluded.step` }).where("totp_steps.step", "<", sql<number>`excluded.step`),
        )
        .returning("step")
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type TotpStepsRepository = ReturnType<typeof totpStepsRepository>;
