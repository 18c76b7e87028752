// A fixed-window rate limit kept in memory. Clients are told apart by a salted hash of their address that
// never leaves the process and is forgotten when the window ends: no IP address is stored anywhere.
import { createHash, randomBytes } from "node:crypto";

export type RateLimiter = { hit(client: string): { allowed: boolean; retryAfterSeconds: number } };

export function rateLimiter({ max, windowMs, now = Date.now }: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const salt = randomBytes(16);
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(client) {
      const t = now();
      if (t - lastSweep > windowMs) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
        lastSweep = t;
      }
      const key = createHash("sha256").update(salt).update(client).digest("base64url").slice(0, 16);
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) windows.set(key, (w = { start: t, count: 0 }));
      w.count++;
      return { allowed: w.count <= max, retryAfterSeconds: Math.ceil((w.start + windowMs - t) / 1000) };
    },
  };
}
