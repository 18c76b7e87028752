// The rules and scoring of the MDN HTTP Observatory (algorithm version 4), checked locally: its npm package
// cannot be installed here (its install step downloads certificates). Each test gives one result and that
// result's score modifier, as in the Observatory's score table; the scan starts at 100, bonuses count only
// when the penalties alone leave at least 90, and A+ is 100 or more.
// Differences, because the site runs on plain HTTP on 127.0.0.1: responses are judged as if served over
// HTTPS (as in production behind TLS), the HTTP→HTTPS redirection test is not applicable (0 points), and
// the HSTS preload list is not consulted (the Observatory's +5 for a preloaded domain cannot be earned).

export type TestResult = {
  name: string;
  result: string;
  modifier: number;
  /** null: not applicable here. */
  pass: boolean | null;
  detail?: string;
};

export type ObservatoryReport = { url: string; status: number; score: number; grade: string; tests: TestResult[] };

export type ObservedResponse = {
  url: string;
  status: number;
  headers: Headers;
  body: string;
  /** The answer to the same request sent with a foreign Origin header (the CORS test reads it). */
  corsHeaders: Headers;
};

const MODIFIERS: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-but-duplicate-directives": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "csp-not-implemented-but-reporting-enabled": -25,
  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-not-found": 0,
  "cookies-without-secure-flag-but-protected-by-hsts": -5,
  "cookies-session-without-secure-flag-but-protected-by-hsts": -10,
  "cookies-without-secure-flag": -20,
  "cookies-samesite-flag-invalid": -20,
  "cookies-anticsrf-without-samesite-flag": -20,
  "cookies-session-without-httponly-flag": -30,
  "cookies-session-without-secure-flag": -40,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-not-applicable": 0,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-implemented-and-external-scripts-loaded-securely": 5,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-implemented-but-external-scripts-not-loaded-securely": -20,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 0,
  "x-frame-options-allow-from-origin": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "corp-implemented-with-same-origin": 10,
  "corp-implemented-with-same-site": 10,
  "corp-implemented-with-cross-origin": 0,
  "corp-not-implemented": 0,
  "corp-header-invalid": -5,
};

const GRADES: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

export function gradeOf(score: number): string {
  return GRADES.find(([min]) => score >= min)![1];
}

const result = (name: string, r: string, pass: boolean | null, detail?: string): TestResult => ({
  name,
  result: r,
  modifier: MODIFIERS[r],
  pass,
  ...(detail ? { detail } : {}),
});

// ---- HTML: the <meta http-equiv> values and the <script> tags the Observatory reads from the page.

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s=<>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
    out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  return out;
}

function httpEquiv(html: string, name: string): string[] {
  return [...html.matchAll(/<meta\b[^>]*>/gi)]
    .map((m) => attributes(m[0].slice(5)))
    .filter((a) => a["http-equiv"]?.toLowerCase() === name)
    .map((a) => a.content ?? "");
}

// ---- Content-Security-Policy

type Csp = Map<string, Set<string>>;
const DANGEROUSLY_BROAD = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", "data:"]);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NONCE_OR_HASH = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const DUPLICATES_ALLOWED = new Set(["report-uri", "report-to"]);

/** Parses policies; a repeated directive (other than report-uri/report-to) makes the header invalid. Several
 *  policies all apply, so a directive set in more than one keeps only the sources every one of them allows. */
export function parseCsp(policies: string[]): { csp: Csp; duplicates: boolean } {
  const csp: Csp = new Map();
  let duplicates = false;
  for (const raw of policies) {
    const policy = raw.replace(/[\r\n]/g, "").trim();
    if (policy.length < "img-src".length - 1) throw new Error(`invalid policy: ${policy}`);
    const seen = new Set<string>();
    for (const entry of policy.split(";")) {
      const [first, ...values] = entry.trim().split(/\s+/);
      if (!first) continue;
      const directive = first.toLowerCase();
      if (seen.has(directive)) {
        if (!DUPLICATES_ALLOWED.has(directive)) throw new Error(`duplicate directive ${directive}`);
        duplicates = true;
        continue;
      }
      seen.add(directive);
      let sources = new Set(values.map((v) => v.toLowerCase()));
      if (!sources.size && directive.endsWith("-src")) sources = new Set(["'none'"]);
      const before = csp.get(directive);
      if (before) {
        sources = new Set([...sources].filter((s) => before.has(s)));
        if (!sources.size) sources.add("'none'");
      }
      csp.set(directive, sources);
    }
  }
  return { csp, duplicates };
}

function cspTest(r: ObservedResponse): { test: TestResult; frameAncestors: boolean } {
  const name = "content-security-policy";
  const header = (r.headers.get("content-security-policy") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const meta = httpEquiv(r.body, "content-security-policy").flatMap((v) => v.split(",").map((s) => s.trim()));
  let parsed: ReturnType<typeof parseCsp>;
  let headerOnly: Csp;
  let metaOnly: Csp;
  try {
    parsed = parseCsp([...header, ...meta]);
  } catch (e) {
    return { test: result(name, "csp-header-invalid", false, (e as Error).message), frameAncestors: false };
  }
  try {
    headerOnly = parseCsp(header).csp;
  } catch {
    headerOnly = new Map();
  }
  try {
    metaOnly = parseCsp(meta).csp;
  } catch {
    metaOnly = new Map();
  }
  // frame-ancestors, report-uri and sandbox are ignored in a <meta> policy.
  for (const d of ["frame-ancestors", "report-uri", "sandbox"]) metaOnly.delete(d);
  if (headerOnly.size + metaOnly.size === 0) {
    return {
      test: result(
        name,
        r.headers.has("content-security-policy-report-only") ? "csp-not-implemented-but-reporting-enabled" : "csp-not-implemented",
        false,
      ),
      frameAncestors: false,
    };
  }
  const csp = parsed.csp;
  const any = new Set(["*"]);
  const copy = (s: Set<string> | undefined) => new Set(s ?? any);
  const baseUri = copy(csp.get("base-uri"));
  const frameAncestors = copy(headerOnly.get("frame-ancestors"));
  const formAction = copy(csp.get("form-action"));
  const objectSrc = copy(csp.get("object-src") ?? csp.get("default-src"));
  const scriptSrc = copy(csp.get("script-src") ?? csp.get("default-src"));
  const styleSrc = copy(csp.get("style-src") ?? csp.get("default-src"));
  const hasNonceOrHash = (s: Set<string>) => [...s].some((src) => NONCE_OR_HASH.some((p) => src.startsWith(p)));
  // A nonce or hash makes browsers ignore 'unsafe-inline'.
  for (const list of [scriptSrc, styleSrc]) if (hasNonceOrHash(list)) list.delete("'unsafe-inline'");
  let outcome: string | null = null;
  if (scriptSrc.has("'strict-dynamic'")) {
    // With a nonce or hash, 'strict-dynamic' makes browsers ignore host and scheme sources, 'self' and 'unsafe-inline'.
    if (hasNonceOrHash(scriptSrc)) {
      for (const src of [...scriptSrc])
        if ([...DANGEROUSLY_BROAD].some((b) => src.startsWith(b)) || src === "'self'" || src === "'unsafe-inline'") scriptSrc.delete(src);
    } else {
      outcome = "csp-header-invalid";
    }
  }
  const passiveDirectives = ["img-src", "media-src"];
  const active = [...csp.entries()]
    .filter(([d]) => !passiveDirectives.includes(d) && d !== "script-src")
    .flatMap(([, s]) => [...s])
    .concat([...scriptSrc]);
  const passive = passiveDirectives.flatMap((d) => [...(csp.get(d) ?? csp.get("default-src") ?? [])]);
  const insecure = (src: string) => src.startsWith("http:") || src.startsWith("ftp:");
  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s)))
    outcome ??= "csp-implemented-with-unsafe-inline";
  if (active.some(insecure)) outcome ??= "csp-implemented-with-insecure-scheme";
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) outcome ??= "csp-implemented-with-unsafe-eval";
  if (passive.some(insecure)) outcome ??= "csp-implemented-with-insecure-scheme-in-passive-content-only";
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s))) outcome ??= "csp-implemented-with-unsafe-inline-in-style-src-only";
  const defaultSrc = csp.get("default-src");
  outcome ??=
    defaultSrc?.has("'none'") && defaultSrc.size === 1
      ? "csp-implemented-with-no-unsafe-default-src-none"
      : "csp-implemented-with-no-unsafe";
  const passing = [
    "csp-implemented-with-no-unsafe",
    "csp-implemented-with-no-unsafe-default-src-none",
    "csp-implemented-with-unsafe-inline-in-style-src-only",
    "csp-implemented-with-insecure-scheme-in-passive-content-only",
  ];
  const pass = passing.includes(outcome);
  if (pass && parsed.duplicates) outcome = "csp-implemented-but-duplicate-directives";
  // Not scored by the Observatory, but shown in its policy table: worth seeing in the report.
  const notes = [
    ![...frameAncestors].some((s) => DANGEROUSLY_BROAD.has(s)) ? "" : "frame-ancestors open",
    [...baseUri].some((s) => BROAD_OR_INLINE.has(s)) ? "base-uri open" : "",
    [...formAction].some((s) => DANGEROUSLY_BROAD.has(s)) ? "form-action open" : "",
  ]
    .filter(Boolean)
    .join(", ");
  return { test: result(name, outcome, pass, notes || undefined), frameAncestors: headerOnly.has("frame-ancestors") };
}

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
