// Who is calling, for rate limits only: the socket's address, or the first X-Forwarded-For hop when the
// operator says the server sits behind a trusted proxy.
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

export function clientKey(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}
