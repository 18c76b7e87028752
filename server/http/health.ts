// The load balancer's checks, answered before any other middleware (no log line, no cookie, no cache):
// GET /healthz says the process can serve; GET /readyz says whether it should be sent traffic (readiness.ts).
// Neither names anything of the inside: a state word, nothing more.
import { type Env, Hono } from "hono";
import type { Readiness } from "../readiness.ts";

const HEADERS = { "cache-control": "no-store", "content-type": "application/json; charset=utf-8" };

// Any Hono app, whatever its variables: the checks read none.
export function healthRoutes<E extends Env>(app: Hono<E>, ready: Readiness) {
  app.get("/healthz", () => new Response('{"status":"ok"}', { headers: HEADERS }));
  app.get("/readyz", async () => {
    const state = await ready.check();
    if (state.ready) return new Response('{"status":"ready"}', { headers: HEADERS });
    return new Response(JSON.stringify({ status: "unavailable", reason: state.reason }), {
      status: 503,
      headers: { ...HEADERS, "retry-after": "5" },
    });
  });
}

/** What answers while the instance starts: the checks (not ready yet), and a 503 for everything else. */
export function startingApp(ready: Readiness) {
  const app = new Hono();
  healthRoutes(app, ready);
  app.all("*", () =>
    Response.json(
      { message: "The service is starting. Please try again in a moment." },
      { status: 503, headers: { "retry-after": "5", "cache-control": "no-store" } },
    ),
  );
  return app;
}
