// A fixed-window rate limit counted in the database, so that every instance counts the same hits. Clients are
// told apart by a salted hash of their key (the salt is kept in the database, made once): no address is stored,
// and a client's row is deleted once its window is over.
import { createHash } from "node:crypto";
import type { RateLimitsRepository } from "../db/repositories/rate-limits.ts";

export type RateLimiter = { hit(client: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> };

export function rateLimiter({
  max,
  windowMs,
  windows,
  salt,
  now = Date.now,
}: {
  max: number;
  windowMs: number;
  windows: RateLimitsRepository;
  /** The hashing salt every instance shares (asked until it is known, then kept). */
  salt: () => Promise<string>;
  now?: () => number;
}): RateLimiter {
  let lastSweep = now();
  let knownSalt: string | undefined;
  return {
    async hit(client) {
      const t = now();
      if (t - lastSweep > windowMs) {
        lastSweep = t;
        await windows.forget(t - windowMs);
      }
      const key = createHash("sha256")
        .update((knownSalt ??= await salt()))
        .update(client)
        .digest("base64url")
        .slice(0, 22);
      const { count, startedAt } = await windows.hit(key, t, t - windowMs);
      return { allowed: count <= max, retryAfterSeconds: Math.ceil((startedAt + windowMs - t) / 1000) };
    },
  };
}
