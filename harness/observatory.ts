// The rules and scoring of the MDN HTTP Observatory (algorithm version 4), checked locally. Each test gives
// one result and that result's score modifier, as in the Observatory's score table; the scan starts at 100,
// bonuses count only when the penalties alone leave at least 90, and A+ is 100 or more.
// Why not the Observatory's own package (@mdn/mdn-http-observatory 1.4.8, read from its npm tarball): its
// install step downloads the HSTS preload list (from Chromium's source), the TLD list (from IANA) and a CA
// bundle, none of which this machine can reach, and without the preload file its HSTS test throws;
// its scan() takes a bare hostname and tries http:// and https:// on ports 80 and 443 only (the port
// options exist in its retriever but scan() does not pass them on); it grades plain HTTP as a site without
// TLS would be graded (no HSTS, no redirection, -40 and more); and it brings fastify, pg, pg-native (a
// native build), jsdom and Sentry with it. Google's csp_evaluator judges a policy by other rules, not the score.
// Differences, because the site runs on plain HTTP on 127.0.0.1: responses are judged as if served over
// HTTPS (as in production behind TLS), the HTTP→HTTPS redirection test is not applicable (0 points), and
// the HSTS preload list is not consulted (the Observatory's +5 for a preloaded domain cannot be earned).

import { cspTest } from "./observatory-csp.ts";
import { attributes, gradeOf, httpEquiv, type ObservedResponse, result, type TestResult } from "./observatory-rules.ts";

export type ObservatoryReport = { url: string; status: number; score: number; grade: string; tests: TestResult[] };

// ---- Cookies (judged as set over HTTPS)

function cookiesTest(r: ObservedResponse, hstsPasses: boolean): TestResult {
  const name = "cookies";
  const raw = r.headers.getSetCookie();
  if (!raw.length) return result(name, "cookies-not-found", true);
  const order = [
    "cookies-without-secure-flag-but-protected-by-hsts",
    "cookies-without-secure-flag",
    "cookies-session-without-secure-flag-but-protected-by-hsts",
    "cookies-samesite-flag-invalid",
    "cookies-anticsrf-without-samesite-flag",
    "cookies-session-without-httponly-flag",
    "cookies-session-without-secure-flag",
  ];
  let outcome: string | null = null;
  const worse = (next: string) => (outcome = !outcome || order.indexOf(next) > order.indexOf(outcome) ? next : outcome);
  let missingSameSite = false;
  for (const line of raw) {
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const key = pair.split("=")[0].toLowerCase();
    const attr = new Map(
      attrs.map((a) => {
        const [k, ...v] = a.split("=");
        return [k.trim().toLowerCase(), v.join("=").trim().toLowerCase()] as const;
      }),
    );
    const secure = attr.has("secure");
    const httpOnly = attr.has("httponly");
    const sameSite = attr.get("samesite");
    if (attr.has("samesite") && !["lax", "strict", "none"].includes(sameSite ?? "")) worse("cookies-samesite-flag-invalid");
    if (!secure && sameSite === "none") worse("cookies-samesite-flag-invalid");
    const session = key.includes("login") || key.includes("sess");
    if (!secure) worse(hstsPasses ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag");
    if (key.includes("csrf") && !sameSite) worse("cookies-anticsrf-without-samesite-flag");
    if (session && !secure)
      worse(hstsPasses ? "cookies-session-without-secure-flag-but-protected-by-hsts" : "cookies-session-without-secure-flag");
    if (session && !httpOnly) worse("cookies-session-without-httponly-flag");
    if (!sameSite) missingSameSite = true;
  }
  outcome ??= missingSameSite ? "cookies-secure-with-httponly-sessions" : "cookies-secure-with-httponly-sessions-and-samesite";
  return result(
    name,
    outcome,
    ["cookies-secure-with-httponly-sessions", "cookies-secure-with-httponly-sessions-and-samesite"].includes(outcome),
    `${raw.length} cookie(s)`,
  );
}

// ---- The header tests

function corsTest(r: ObservedResponse, origin: string): TestResult {
  const name = "cross-origin-resource-sharing";
  const acao = r.corsHeaders.get("access-control-allow-origin")?.slice(0, 256).trim().toLowerCase();
  if (!acao) return result(name, "cross-origin-resource-sharing-not-implemented", true);
  if (acao === "*") return result(name, "cross-origin-resource-sharing-implemented-with-public-access", true, "ACAO: *");
  if (acao === origin && r.corsHeaders.get("access-control-allow-credentials")?.trim().toLowerCase() === "true") {
    return result(name, "cross-origin-resource-sharing-implemented-with-universal-access", false, "reflects any Origin with credentials");
  }
  return result(name, "cross-origin-resource-sharing-implemented-with-restricted-access", true, `ACAO: ${acao}`);
}

function referrerTest(r: ObservedResponse): TestResult {
  const name = "referrer-policy";
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  const values = [r.headers.get("referrer-policy"), ...httpEquiv(r.body, "referrer-policy")].filter((v): v is string => v !== null);
  if (!values.length) return result(name, "referrer-policy-not-implemented", true);
  // The last valid value wins (a <meta> after the header).
  const policy =
    values
      .join(",")
      .split(",")
      .map((v) => v.trim().toLowerCase())
      .filter((v) => good.includes(v) || bad.includes(v))
      .at(-1) ?? "";
  if (good.includes(policy)) return result(name, "referrer-policy-private", true, policy);
  return result(
    name,
    bad.includes(policy) ? "referrer-policy-unsafe" : "referrer-policy-header-invalid",
    false,
    policy || values.join(", "),
  );
}

const SIX_MONTHS = 15_552_000; // the Observatory's own rounding of six months

function hstsTest(r: ObservedResponse): TestResult {
  const name = "strict-transport-security";
  const header = r.headers.get("strict-transport-security")?.slice(0, 1024);
  if (!header) return result(name, "hsts-not-implemented", false);
  if (header.includes(",")) return result(name, "hsts-header-invalid", false, "header set more than once");
  const maxAge = header
    .split(";")
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith("max-age="));
  if (!maxAge) return result(name, "hsts-header-invalid", false, "no max-age");
  const seconds = Number.parseInt(maxAge.slice(8, 128), 10);
  if (Number.isNaN(seconds)) return result(name, "hsts-header-invalid", false, maxAge);
  return seconds < SIX_MONTHS
    ? result(name, "hsts-implemented-max-age-less-than-six-months", false, `max-age=${seconds}`)
    : result(name, "hsts-implemented-max-age-at-least-six-months", true, `max-age=${seconds}`);
}

function sriTest(r: ObservedResponse): TestResult {
  const name = "subresource-integrity";
  const mime = (r.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (mime && mime !== "text/html" && mime !== "application/xhtml+xml") return result(name, "sri-not-implemented-response-not-html", true);
  const scripts = [...r.body.matchAll(/<script\b([^>]*)>/gi)].map((m) => attributes(m[1]));
  if (!scripts.length) return result(name, "sri-not-implemented-but-no-scripts-loaded", true);
  const order = [
    "sri-implemented-and-all-scripts-loaded-securely",
    "sri-implemented-and-external-scripts-loaded-securely",
    "sri-implemented-but-external-scripts-not-loaded-securely",
    "sri-not-implemented-but-external-scripts-loaded-securely",
    "sri-not-implemented-and-external-scripts-not-loaded-securely",
    "sri-not-implemented-response-not-html",
  ];
  let outcome: string | null = null;
  const worse = (next: string) => (outcome = !outcome || order.indexOf(next) > order.indexOf(outcome) ? next : outcome);
  const site = new URL(r.url).hostname;
  const domainOf = (host: string) => (/^[\d.]+$|^\[|^localhost$/.test(host) ? host : host.split(".").slice(-2).join("."));
  let foreign = false;
  for (const s of scripts.filter((a) => a.src)) {
    const protocolRelative = /^\/\/[^/]/.test(s.src);
    const absolute = /^https?:\/\//i.test(s.src);
    const relative = !protocolRelative && !absolute;
    const sameDomain = protocolRelative || relative || domainOf(new URL(s.src).hostname) === domainOf(site);
    // Judged as served over HTTPS, so a relative script is loaded securely.
    const secureScheme = relative || (absolute && s.src.toLowerCase().startsWith("https:"));
    if (relative || (sameDomain && !protocolRelative)) {
      if (s.integrity && secureScheme && !outcome) outcome = "sri-implemented-and-all-scripts-loaded-securely";
      continue;
    }
    foreign = true;
    if (s.integrity && !secureScheme) worse("sri-implemented-but-external-scripts-not-loaded-securely");
    else if (!s.integrity && secureScheme) worse("sri-not-implemented-but-external-scripts-loaded-securely");
    else if (!s.integrity) worse("sri-not-implemented-and-external-scripts-not-loaded-securely");
  }
  outcome ??= foreign
    ? "sri-implemented-and-external-scripts-loaded-securely"
    : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
  const passing = [
    "sri-implemented-and-all-scripts-loaded-securely",
    "sri-implemented-and-external-scripts-loaded-securely",
    "sri-not-implemented-response-not-html",
    "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
    "sri-not-implemented-but-no-scripts-loaded",
  ];
  return result(
    name,
    outcome,
    passing.includes(outcome),
    `${scripts.length} script tag(s), ${scripts.filter((a) => a.src).length} with src`,
  );
}

function xctoTest(r: ObservedResponse): TestResult {
  const name = "x-content-type-options";
  const h = r.headers.get("x-content-type-options");
  if (h === null) return result(name, "x-content-type-options-not-implemented", false);
  return h.slice(0, 256).trim().toLowerCase() === "nosniff"
    ? result(name, "x-content-type-options-nosniff", true)
    : result(name, "x-content-type-options-header-invalid", false, h);
}

function xfoTest(r: ObservedResponse, frameAncestorsInCsp: boolean): TestResult {
  const name = "x-frame-options";
  const h = r.headers.get("x-frame-options")?.slice(0, 1024).trim().toLowerCase();
  // frame-ancestors in the CSP header supersedes X-Frame-Options.
  if (frameAncestorsInCsp) return result(name, "x-frame-options-implemented-via-csp", true, h ? `also X-Frame-Options: ${h}` : undefined);
  if (!h) return result(name, "x-frame-options-not-implemented", false);
  if (h === "deny" || h === "sameorigin") return result(name, "x-frame-options-sameorigin-or-deny", true, h);
  if (h.startsWith("allow-from")) return result(name, "x-frame-options-allow-from-origin", true, h);
  return result(name, "x-frame-options-header-invalid", false, h);
}

function corpTest(r: ObservedResponse): TestResult {
  const name = "cross-origin-resource-policy";
  const value = (r.headers.get("cross-origin-resource-policy") ?? httpEquiv(r.body, "cross-origin-resource-policy").at(-1))
    ?.slice(0, 256)
    .trim()
    .toLowerCase();
  if (!value) return result(name, "corp-not-implemented", true);
  const outcome =
    {
      "same-origin": "corp-implemented-with-same-origin",
      "same-site": "corp-implemented-with-same-site",
      "cross-origin": "corp-implemented-with-cross-origin",
    }[value] ?? "corp-header-invalid";
  return result(name, outcome, outcome !== "corp-header-invalid", value);
}

export const FOREIGN_ORIGIN = "https://observatory.invalid";

/** Scores one response the way the Observatory scores a site's front page. */
export function grade(r: ObservedResponse): ObservatoryReport {
  const { test: csp, frameAncestors } = cspTest(r);
  const hsts = hstsTest(r);
  const tests = [
    csp,
    cookiesTest(r, hsts.pass === true),
    corsTest(r, FOREIGN_ORIGIN),
    result("redirection", "redirection-not-applicable", null, "HTTP only on 127.0.0.1; the TLS front end redirects in production"),
    referrerTest(r),
    hsts,
    sriTest(r),
    xctoTest(r),
    xfoTest(r, frameAncestors),
    corpTest(r),
  ];
  const withBonus = 100 + tests.reduce((s, t) => s + t.modifier, 0);
  const penaltiesOnly = 100 + tests.reduce((s, t) => s + Math.min(t.modifier, 0), 0);
  const score = Math.max(0, penaltiesOnly >= 90 ? withBonus : penaltiesOnly);
  return { url: r.url, status: r.status, score, grade: gradeOf(score), tests };
}

/** Fetches a URL (GET, following redirects) and again with a foreign Origin, and scores the answer. */
export async function observe(url: string): Promise<ObservatoryReport> {
  const res = await fetch(url, { headers: { "user-agent": "observatory-local" } });
  const body = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`${url} answered ${res.status}; the Observatory scores only 2xx answers`);
  const cors = await fetch(url, { headers: { origin: FOREIGN_ORIGIN } });
  await cors.arrayBuffer();
  return grade({ url: res.url, status: res.status, headers: res.headers, body, corsHeaders: cors.headers });
}
