// Security checks both the bench and the end-to-end tests run against a live site: the pages the Observatory
// rules grade, the contact rate limit seen from one client, and a GET after a HEAD of the same page.
import { allRoutes } from "./website.ts";
import { requestFrom } from "./fuzz-send.ts";

/** The four answers the brief asks about: two pages, one JSON answer, one static file. */
export async function observatoryTargets(baseURL: string): Promise<{ label: string; path: string; page: boolean }[]> {
  const site = (await allRoutes(baseURL)).find((r) => /\/action\/\d+$/.test(r));
  if (!site) throw new Error("no site page found through the API");
  const home = await (await fetch(`${baseURL}/`)).text();
  const asset = home.match(/\/assets\/[\w.-]+\.js/)?.[0];
  if (!asset) throw new Error("no /assets/*.js on the home page");
  return [
    { label: "home page", path: "/", page: true },
    { label: "Arabic site page", path: `/ar${site}`, page: true },
    { label: "JSON API answer", path: "/back/api/user/language1/languages", page: false },
    { label: "static asset", path: asset, page: false },
  ];
}

export type RateLimitResult = { accepted: number; limitedAt: number | null; retryAfter: string | null; statuses: number[] };

/** Valid contact messages from one client until the server answers 429 (at most `attempts`). */
export async function contactRateLimit(baseURL: string, from: string, attempts = 20): Promise<RateLimitResult> {
  const statuses: number[] = [];
  for (let i = 1; i <= attempts; i++) {
    const body = JSON.stringify({
      name: "Rate Probe",
      email: "probe@example.org",
      subject: "Rate limit check",
      message: `Message number ${i} of the rate limit check.`,
    });
    const res = await requestFrom(baseURL, from, {
      method: "POST",
      path: "/back/api/user/contact-admin",
      headers: { "content-type": "application/json" },
      body,
    });
    statuses.push(res.status);
    if (res.status === 429) {
      const retryAfter = res.headers["retry-after"];
      return {
        accepted: statuses.filter((s) => s === 201).length,
        limitedAt: i,
        retryAfter: typeof retryAfter === "string" ? retryAfter : null,
        statuses,
      };
    }
  }
  return { accepted: statuses.filter((s) => s === 201).length, limitedAt: null, retryAfter: null, statuses };
}

/** A HEAD for a page, then a GET of the same URL: the GET must still carry the page (and its script hashes). */
export async function headThenGet(baseURL: string, page = "/privacy") {
  // Two URLs of the same length (the page repeats its URL in its data), one asked HEAD first.
  const probe = `${page}?probe=h1`;
  await fetch(`${baseURL}${probe}`, { method: "HEAD" });
  const after = await fetch(`${baseURL}${probe}`);
  const afterBytes = (await after.arrayBuffer()).byteLength;
  const fresh = await fetch(`${baseURL}${page}?probe=g1`);
  const freshBytes = (await fresh.arrayBuffer()).byteLength;
  const hashes = (after.headers.get("content-security-policy") ?? "").match(/'sha256-/g)?.length ?? 0;
  return {
    path: probe,
    afterHeadBytes: afterBytes,
    freshBytes,
    afterHeadScriptHashes: hashes,
    ok: afterBytes === freshBytes && hashes > 0,
  };
}

/**
 * Each kind of answer the site keeps in a cache by its address (a page, its data request, the sitemap,
 * robots.txt, an API list), asked once with a foreign Host header and then as an ordinary visitor would: what
 * the foreign one was answered, and whether the visitor's copy names the foreign host.
 */
export async function hostPoisoning(baseURL: string, from: string, foreign = "evil.example") {
  const kinds = [
    { kind: "page", path: "/es/about" },
    { kind: "page data", path: "/es/about.data" },
    { kind: "sitemap", path: "/sitemap.xml" },
    { kind: "sitemap file", path: "/sitemaps/pages.xml" },
    { kind: "robots.txt", path: "/robots.txt" },
    { kind: "API list", path: "/back/api/user/category1/category/language/1" },
  ];
  const results = [];
  for (const { kind, path } of kinds) {
    const poisoned = await requestFrom(baseURL, from, { method: "GET", path, headers: { host: foreign } });
    const visitor = await (await fetch(`${baseURL}${path}`)).text();
    results.push({ kind, path, foreignStatus: poisoned.status, leaked: visitor.includes(foreign) });
  }
  return { results, ok: results.every((r) => !r.leaked && r.foreignStatus >= 400 && r.foreignStatus < 500) };
}

/** Wrong passwords for one account until the sign-in page refuses: its status and Retry-After. */
export async function signInThrottle(baseURL: string, from: string, attempts = 8) {
  const email = `probe-${Date.now()}@example.org`;
  const statuses: number[] = [];
  for (let i = 1; i <= attempts; i++) {
    const res = await requestFrom(baseURL, from, {
      method: "POST",
      path: "/admin/sign-in",
      headers: { origin: new URL(baseURL).origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: `wrong guess number ${i}` }).toString(),
    });
    statuses.push(res.status);
    if (res.status === 429) {
      const retryAfter = res.headers["retry-after"];
      return { statuses, retryAfter: typeof retryAfter === "string" ? retryAfter : null };
    }
  }
  return { statuses, retryAfter: null };
}

/** Workspace paths spelt in other cases, asked without a session: each must be guarded and never cached. */
export async function respeltWorkspacePaths(baseURL: string) {
  const paths = ["/Admin", "/ADMIN/accounts", "/Admin/content", "/aDmIn/audit", "/Admin/inbox.data"];
  const results = [];
  for (const path of paths) {
    const res = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    await res.arrayBuffer();
    results.push({ path, status: res.status, cacheControl: res.headers.get("cache-control"), location: res.headers.get("location") });
  }
  return { results, ok: results.every((r) => [303, 401].includes(r.status) && r.cacheControl === "no-store") };
}
