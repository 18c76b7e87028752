// The MDN HTTP Observatory's score table (algorithm version 4) and what its tests read from a page: each
// result's score modifier, the grade a score earns, and the <meta http-equiv> values and tag attributes.

export type TestResult = {
  name: string;
  result: string;
  modifier: number;
  /** null: not applicable here. */
  pass: boolean | null;
  detail?: string;
};

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

export const result = (name: string, r: string, pass: boolean | null, detail?: string): TestResult => ({
  name,
  result: r,
  modifier: MODIFIERS[r],
  pass,
  ...(detail ? { detail } : {}),
});
// ---- HTML: the <meta http-equiv> values and the <script> tags the Observatory reads from the page.

export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s=<>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
    out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  return out;
}

export function httpEquiv(html: string, name: string): string[] {
  return [...html.matchAll(/<meta\b[^>]*>/gi)]
    .map((m) => attributes(m[0].slice(5)))
    .filter((a) => a["http-equiv"]?.toLowerCase() === name)
    .map((a) => a.content ?? "");
}
