// The site's metrics for its operators, in Prometheus's text format (prom-client, decision 018): requests by
// route pattern and status, their latency, the page cache's hits and misses, search latency, the contact
// outbox, the database pool, the content version, and the process's event-loop delay and memory. A label is
// never a visitor's: no address, no path beyond its route pattern, no query text.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/engine.ts";

/** What the gauges read when they are scraped (never on a visitor's request). */
type MetricSources = {
  contentVersion: () => Promise<number>;
  outbox: () => Promise<{ pending: number; failed: number }>;
  pool?: () => PoolStats;
};

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function siteMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: SECONDS,
    registers,
  });
  const pageCache = new Counter({
    name: "page_cache_requests_total",
    help: "Pages asked of the page cache, by result (hit or miss).",
    labelNames: ["result"] as const,
    registers,
  });
  const search = new Histogram({ name: "search_duration_seconds", help: "Time to rank a place search.", buckets: SECONDS, registers });
  let sources: MetricSources | undefined;
  const gauge = (name: string, help: string, read: (s: MetricSources) => Promise<number | undefined> | number | undefined) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        // A source that cannot be read (the database is down) leaves its gauge as it was; the scrape goes on.
        const value = sources ? await Promise.resolve(read(sources)).catch(() => undefined) : undefined;
        if (value !== undefined) this.set(value);
      },
    });
  gauge("content_version", "The published content's version (raised by every publish).", (s) => s.contentVersion());
  // The outbox's two numbers come from one query, asked once per scrape.
  let outboxRead: ReturnType<MetricSources["outbox"]> | undefined;
  const outbox = (s: MetricSources) => {
    outboxRead ??= s.outbox();
    return outboxRead;
  };
  gauge("contact_outbox_pending", "Contact messages waiting to be forwarded by mail.", async (s) => (await outbox(s)).pending);
  gauge("contact_outbox_failed", "Contact messages whose mail failed after every attempt.", async (s) => (await outbox(s)).failed);

  return {
    /** Where the gauges read from, once the site has started. */
    readFrom(s: MetricSources) {
      sources = s;
      // Only PostgreSQL has a pool: SQLite's would read as a misleading zero.
      if (s.pool) {
        gauge("db_pool_connections", "PostgreSQL pool: open connections.", (x) => x.pool?.().total);
        gauge("db_pool_idle", "PostgreSQL pool: idle connections.", (x) => x.pool?.().idle);
        gauge("db_pool_waiting", "PostgreSQL pool: queries waiting for a connection.", (x) => x.pool?.().waiting);
      }
    },
    request(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    pageCache(hit: boolean) {
      pageCache.inc({ result: hit ? "hit" : "miss" });
    },
    search(seconds: number) {
      search.observe(seconds);
    },
    /** The text a Prometheus server scrapes, and its content type. */
    async scrape(): Promise<{ body: string; type: string }> {
      outboxRead = undefined;
      return { body: await registry.metrics(), type: registry.contentType };
    },
  };
}
export type SiteMetrics = ReturnType<typeof siteMetrics>;
