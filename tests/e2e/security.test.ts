// Security checks on the real server: Observatory-rule headers on the home page, a seeded fuzz of every API
// endpoint and the contact form (no 5xx, no stack trace, still alive), and the contact rate limit.
// The fuzz and the rate-limit check speak from their own loopback addresses (127.0.0.2, .3): the server
// counts the contact limit per address, and the browser tests' form submissions come from 127.0.0.1.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { baseURL } from "./browser.ts";
import { observe } from "../../harness/observatory.ts";
import { fuzz, stillAnswering, type FuzzReport } from "../../harness/fuzz.ts";
import { fuzzTargets } from "../../harness/fuzz-requests.ts";
import { codeReplay, reauthenticationGuessing, unsafeSchemes } from "../../harness/workspace-probes.ts";
import { contactRateLimit, headThenGet, hostPoisoning, respeltWorkspacePaths, signInThrottle } from "../../harness/security-checks.ts";

describe("response headers", () => {
  it("score A+ on the home page by the Observatory's rules", async () => {
    const report = await observe(`${baseURL()}/`);
    expect(
      report.tests.filter((t) => t.pass === false),
      JSON.stringify(report.tests, null, 1),
    ).toEqual([]);
    expect(report.grade).toBe("A+");
  });

  it("keep a page's body and script hashes for a GET that follows a HEAD", async () => {
    const probe = await headThenGet(baseURL());
    expect(probe, JSON.stringify(probe)).toMatchObject({ ok: true });
  });
});

describe("fuzz", () => {
  let report: FuzzReport;
  const requests = Number(process.env.BENCH_FUZZ_REQUESTS ?? 10_000);

  // The whole fuzz runs once (about 1.5 minutes on 2 cores); the tests below read its report.
  beforeAll(async () => {
    report = await fuzz({ baseURL: baseURL(), requests, seed: 20260101, concurrency: 20, timeLimitMs: 280_000, localAddress: "127.0.0.2" });
  }, 300_000);

  it("sends every request in time, to every endpoint of the OpenAPI document and the contact form", async () => {
    expect(report.stoppedEarly).toBe(false);
    expect(report.requests).toBe(requests);
    const targets = await fuzzTargets(baseURL());
    expect(Object.keys(report.byTarget).sort()).toEqual(targets.map((t) => `${t.method} ${t.template}`).sort());
  });

  it("gets no 5xx answer", () => {
    expect(
      report.serverErrors,
      JSON.stringify({ by: report.serverErrorsBy, first: report.findings.serverErrors.slice(0, 3) }, null, 1),
    ).toBe(0);
  });

  it("gets no stack trace, file content or hung request", () => {
    expect(report.findings.stackTraces).toEqual([]);
    expect(report.findings.fileLeaks).toEqual([]);
    expect(report.findings.timeouts).toEqual([]);
  });

  it("leaves the server alive and answering", async () => {
    expect(await stillAnswering(baseURL())).toBe(true);
  });
});

describe("contact rate limit", () => {
  it("answers 429 with Retry-After once one client has sent its allowance (4 on the test server)", async () => {
    const result = await contactRateLimit(baseURL(), "127.0.0.3", 10);
    expect(result.statuses).toEqual([201, 201, 201, 201, 429]);
    expect(Number(result.retryAfter)).toBeGreaterThan(0);
    expect(Number(result.retryAfter)).toBeLessThanOrEqual(600);
  });
});

describe("the page cache and a foreign Host", () => {
  it("refuses a request for another host before any cache, so the next visitor's page, data, sitemap, robots.txt and API answer name only this site", async () => {
    const probe = await hostPoisoning(baseURL(), "127.0.0.6");
    expect(probe.results.filter((r) => r.leaked)).toEqual([]);
    for (const r of probe.results) expect(r.foreignStatus, r.kind).toBe(421);
  });
});

describe("the workspace's limits and paths", () => {
  it("answers a sign-in refused for too many attempts with 429 and Retry-After", async () => {
    const result = await signInThrottle(baseURL(), "127.0.0.7");
    expect(result.statuses.at(-1)).toBe(429);
    expect(Number(result.retryAfter)).toBeGreaterThan(0);
    expect(Number(result.retryAfter)).toBeLessThanOrEqual(15 * 60);
  });

  it("guards workspace paths in any case, and never caches them", async () => {
    const result = await respeltWorkspacePaths(baseURL());
    expect(result.results.filter((r) => r.status !== 303 && r.status !== 401)).toEqual([]);
    expect(result.results.filter((r) => r.cacheControl !== "no-store")).toEqual([]);
  });

  it("accepts a two-step code once through the forms: sent again, it signs nobody in", async () => {
    const result = await codeReplay(baseURL(), inject("sqlitePath"), "127.0.0.9");
    expect(result).toMatchObject({ first: 303, replay: 401 });
  });

  it("holds back a password guessed again and again once signed in, and signing in too", async () => {
    const result = await reauthenticationGuessing(baseURL(), inject("sqlitePath"), "127.0.0.10");
    expect(result.statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(result).toMatchObject({ rightPassword: 429, signInAfter: 429 });
    expect(Number(result.retryAfter)).toBeGreaterThan(0);
  });

  it("refuses every unsafe link scheme an editor saves", async () => {
    const result = await unsafeSchemes(inject("sqlitePath"));
    expect(result.refused).toBe(result.tried);
    expect(result.tried).toBeGreaterThanOrEqual(16);
  });
});
