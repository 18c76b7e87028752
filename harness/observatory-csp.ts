// The Observatory's Content-Security-Policy test: the policies of the header and of <meta> tags, parsed as
// a browser applies them, and the worst thing they allow.
import { httpEquiv, type ObservedResponse, result, type TestResult } from "./observatory-rules.ts";

type Csp = Map<string, Set<string>>;
const DANGEROUSLY_BROAD = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", "data:"]);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NONCE_OR_HASH = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const DUPLICATES_ALLOWED = new Set(["report-uri", "report-to"]);

/** Parses policies; a repeated directive (other than report-uri/report-to) makes the header invalid. Several
 *  policies all apply, so a directive set in more than one keeps only the sources every one of them allows. */
function parseCsp(policies: string[]): { csp: Csp; duplicates: boolean } {
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

const NAME = "content-security-policy";

/** The policies parsed from the header and the <meta> tags, or the test's result when none can be scored. */
function readPolicies(r: ObservedResponse): { parsed: ReturnType<typeof parseCsp>; headerOnly: Csp } | TestResult {
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
    return result(NAME, "csp-header-invalid", false, (e as Error).message);
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
  if (headerOnly.size + metaOnly.size === 0)
    return result(
      NAME,
      r.headers.has("content-security-policy-report-only") ? "csp-not-implemented-but-reporting-enabled" : "csp-not-implemented",
      false,
    );
  return { parsed, headerOnly };
}

const ANY = new Set(["*"]);
const copy = (s: Set<string> | undefined) => new Set(s ?? ANY);
const hasNonceOrHash = (s: Set<string>) => [...s].some((src) => NONCE_OR_HASH.some((p) => src.startsWith(p)));

/** The worst thing the policy allows, in the Observatory's order of checks. */
function cspOutcome(csp: Csp): string {
  const objectSrc = copy(csp.get("object-src") ?? csp.get("default-src"));
  const scriptSrc = copy(csp.get("script-src") ?? csp.get("default-src"));
  const styleSrc = copy(csp.get("style-src") ?? csp.get("default-src"));
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
  return outcome;
}

const PASSING = [
  "csp-implemented-with-no-unsafe",
  "csp-implemented-with-no-unsafe-default-src-none",
  "csp-implemented-with-unsafe-inline-in-style-src-only",
  "csp-implemented-with-insecure-scheme-in-passive-content-only",
];

export function cspTest(r: ObservedResponse): { test: TestResult; frameAncestors: boolean } {
  const read = readPolicies(r);
  if ("result" in read) return { test: read, frameAncestors: false };
  const { parsed, headerOnly } = read;
  const csp = parsed.csp;
  let outcome = cspOutcome(csp);
  const pass = PASSING.includes(outcome);
  if (pass && parsed.duplicates) outcome = "csp-implemented-but-duplicate-directives";
  // Not scored by the Observatory, but shown in its policy table: worth seeing in the report.
  const notes = [
    ![...copy(headerOnly.get("frame-ancestors"))].some((s) => DANGEROUSLY_BROAD.has(s)) ? "" : "frame-ancestors open",
    [...copy(csp.get("base-uri"))].some((s) => BROAD_OR_INLINE.has(s)) ? "base-uri open" : "",
    [...copy(csp.get("form-action"))].some((s) => DANGEROUSLY_BROAD.has(s)) ? "form-action open" : "",
  ]
    .filter(Boolean)
    .join(", ");
  return { test: result(NAME, outcome, pass, notes || undefined), frameAncestors: headerOnly.has("frame-ancestors") };
}
