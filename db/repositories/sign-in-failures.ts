// Failed sign-ins, by account and by address, in the database so that every instance counts the same ones.
import type { Db } from "../engine.ts";

export function signInFailuresRepository(db: Db) {
  return {
    async record(keys: string[], at: string) {
      await db
        .insertInto("sign_in_failures")
        .values(keys.map((key) => ({ key, at })))
        .execute();
    },
    /** How many failures each key has since `since`, and the oldest of them (when the window frees up). */
    async since(key: string, since: string): Promise<{ count: number; oldest: string | null }> {
      const r = await db
        .selectFrom("sign_in_failures")
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("at").as("oldest")])
        .where("key", "=", key)
        .where("at", ">", since)
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), oldest: (r.oldest as string | null) ?? null };
    },
    async clear(key: string) {
      await db.deleteFrom("sign_in_failures").where("key", "=", key).execute();
    },
    async forget(before: string) {
      await db.deleteFrom("sign_in_failures").where("at", "<=", before).execute();
    },
  };
}
export type SignInFailuresRepository = ReturnType<typeof signInFailuresRepository>;
