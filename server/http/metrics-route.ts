// GET /metrics for a Prometheus scraper: on the site's port only with the operator's token (compared in
// constant time), or on an address of its own (METRICS_ADDRESS), which the operator keeps off the internet.
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import type { SiteMetrics } from "../metrics.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

async function serve(metrics: SiteMetrics): Promise<Response> {
  const { body, type } = await metrics.scrape();
  return new Response(body, { headers: { "content-type": type, "cache-control": "no-store" } });
}

/** The route on the site's port: a 404, as for any unknown address, without the right bearer token. */
export function metricsRoute(metrics: SiteMetrics, token: string) {
  const expected = digest(token);
  return (c: Context) => {
    const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(given), expected)) return c.json({ message: "Not found." }, 404);
    return serve(metrics);
  };
}

/** The app on the metrics' own address: /metrics, and nothing else. */
export function metricsApp(metrics: SiteMetrics) {
  const app = new Hono();
  app.get("/metrics", () => serve(metrics));
  app.all("*", (c) => c.json({ message: "Not found." }, 404));
  return app;
}
