// The operators' metrics on a real process (the built site on SQLite): never on the public port without
// the token, served on their own address; counting requests by route pattern, the page cache's hits and
// misses, searches, the contact outbox, the content version, the event loop and memory; and never a
// visitor's words or address in a label.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type ServerProcess } from "../../harness/server-process.ts";

const TOKEN = "a-long-scraper-token-for-the-tests";

describe("metrics", () => {
  let site: ServerProcess;
  let metricsURL: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "visit-syria-metrics-"));
    const port = await freePort();
    metricsURL = `http://127.0.0.1:${port}/metrics`;
    site = await startServer(
      {
        SQLITE_PATH: join(dir, "site.sqlite"),
        MEDIA_DIR: "data/media",
        LOG_LEVEL: "warn",
        METRICS_TOKEN: TOKEN,
        METRICS_ADDRESS: `127.0.0.1:${port}`,
      },
      { timeoutMs: 300_000 },
    );
  }, 310_000);
  afterAll(() => site?.stop());

  const scrape = async () => {
    const res = await fetch(metricsURL);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  /** A sample's value, by its name and exact labels as Prometheus writes them. */
  const value = (text: string, sample: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
    return line === undefined ? undefined : Number(line.slice(sample.length + 1));
  };

  it("are not served on the public port without the token, and are with it", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`]) {
      const res = await fetch(`${site.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(404);
      expect(await res.text()).not.toContain("http_requests_total");
    }
    const res = await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.text()).toContain("# TYPE http_requests_total counter");
  });

  it("count requests by route pattern, page cache hits and misses, searches, and read the outbox and the content version", async () => {
    const before = await scrape();
    const page = 'page_cache_requests_total{result="hit"}';
    const secret = "zzvisitorwords";
    expect((await fetch(`${site.url}/about`)).status).toBe(200);
    expect((await fetch(`${site.url}/about`)).status).toBe(200);
    expect((await fetch(`${site.url}/back/api/user/language1/languages`)).status).toBe(200);
    const search = await fetch(`${site.url}/back/api/user/place1/search?page=1&per_page=5`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ name: secret, language: 1 }),
    });
    expect(search.status).toBe(200);
    const after = await scrape();

    expect(value(after, page)! - (value(before, page) ?? 0)).toBeGreaterThanOrEqual(1);
    expect(value(after, 'page_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'http_requests_total{method="GET",route="page",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(
      value(after, 'http_requests_total{method="GET",route="/back/api/user/language1/languages",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(value(after, 'http_requests_total{method="POST",route="/back/api/user/place1/search",status="200"}')).toBe(1);
    expect(value(after, 'http_request_duration_seconds_count{method="POST",route="/back/api/user/place1/search"}')).toBe(1);
    expect(value(after, "search_duration_seconds_count")).toBe(1);
    expect(value(after, "content_version")).toBeGreaterThanOrEqual(1);
    expect(value(after, "contact_outbox_pending")).toBe(0);
    expect(value(after, "contact_outbox_failed")).toBe(0);
    expect(value(after, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    expect(value(after, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    // SQLite has no pool to report; PostgreSQL's is reported (db_pool_*).
    expect(after).not.toMatch(/^db_pool_connections /m);
    // Nothing of the visitor: not their words, not their address, not a page's own path.
    for (const word of [secret, "203.0.113.9", "/about"]) expect(after).not.toContain(word);
  });

  it("leave the load balancer's checks out, and answer nothing else on their own address", async () => {
    await fetch(`${site.url}/healthz`);
    expect(await scrape()).not.toContain('route="/healthz"');
    expect((await fetch(metricsURL.replace("/metrics", "/"))).status).toBe(404);
  });
});
