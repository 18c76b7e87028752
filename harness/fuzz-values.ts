// The fuzzer's raw material: a seeded random sequence per request, and the hostile values it plants.
// ---- Randomness

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = { next: () => number; int: (n: number) => number; pick: <T>(xs: readonly T[]) => T; chance: (p: number) => boolean };
export function rngFor(seed: number, n: number): Rng {
  const next = mulberry32(seed ^ Math.imul(n + 1, 0x9e3779b1));
  const int = (k: number) => Math.floor(next() * k);
  return { next, int, pick: (xs) => xs[int(xs.length)], chance: (p) => next() < p };
}

// ---- Hostile values

const ZALGO = `Z${"\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030a\u030b\u030c\u030d\u030e\u030f".repeat(40)}`;
export const UNICODE = [
  "\u200f\u0645\u0631\u062d\u0628\u0627\u200f",
  "\u202eevil.exe\u202c",
  "\u2066isolate\u2069",
  "\u200b\u200c\u200d\u2060\ufeff",
  "a\u200bb",
  "\ud800",
  "\udc00",
  "x\ud83d",
  "\ude00y",
  "\ud83d\ude00\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67\u200d\ud83d\udc66\ud83c\udff3\ufe0f\u200d\ud83c\udf08",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(64),
  ZALGO,
  "e\u0301".repeat(500),
  "x".repeat(100_000),
  "\u0639".repeat(20_000),
  "\u{10ffff}\ufffe\uffff",
  "\r\n\r\nX-Injected: 1",
  "\t\v\f",
  "\ufdfa",
  "\u0130\u0131\u00df",
  "\u0661\u0662\u0663",
  "\uff11\uff12\uff13",
  "\u00a0",
  " ",
  "",
  "\u2028\u2029",
  "\u{1d54f}\u{1f600}",
  "\u0627\u0644\u0634\u0627\u0645 Damascus \u062f\u0645\u0634\u0642",
];
export const INJECTION = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  "1; DROP TABLE places; --",
  '" OR ""="',
  "1 UNION SELECT name, sql FROM sqlite_master --",
  "' UNION SELECT NULL, version() --",
  "admin'--",
  "%' AND 1=0 UNION ALL SELECT 1 --",
  "1) OR (1=1",
  "'; SELECT pg_sleep(5); --",
  "1' AND extractvalue(1, concat(0x7e, version())) --",
  "%",
  "_",
  "%%%%",
  "\\",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "<img src=x onerror=alert(1)>",
  "</script><script>alert(1)</script>",
  "{{constructor.constructor('return process')()}}",
  "$" + "{7*7}",
  "#{7*7}",
  "__proto__",
  "constructor",
  "prototype",
  "%s%s%s%n",
  "NEAR(a b)",
  '"unterminated',
  "*",
  "a OR b NOT c",
  "MATCH 'x'",
  "(.*)+$",
  "[",
  '{"$gt": ""}',
  "$where",
  "0x7fffffff",
  "-- ",
  "/*",
  "*/",
  "';--",
];
export const NUMBERS = [
  "-1",
  "0",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "-Infinity",
  "9007199254740992",
  "9007199254740993",
  "2147483648",
  "-2147483649",
  "1.5",
  "0x10",
  "007",
  "1e3",
  "+1",
  " 1",
  "1 ",
  "99999999999999999999999",
  "-0",
  "0.0000001",
  "1_000",
  "\u0661\u0662",
  "\uff11",
  "1e-400",
  "true",
  "null",
  "[]",
  "{}",
  "",
];
export const JSON_NUMBERS = [
  "-1",
  "0",
  "1e309",
  "-1e309",
  "9007199254740992",
  "9007199254740993",
  "2147483648",
  "1.5",
  "-0",
  "1e-400",
  "123456789012345678901234567890",
  "0.1e1",
];
export const TRAVERSAL = [
  "..",
  "%2e%2e",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2fpackage.json",
  "..%5c..%5cpackage.json",
  "%252e%252e%252fpackage.json",
  "....//....//etc/passwd",
  "..%00",
  "%00",
  "%2f",
  "%5c",
  "..;",
  ".%2e",
  "%c0%ae%c0%ae%c0%af",
  "%",
  "%zz",
  "%u002e",
  "~",
  "%2e",
  "etc/passwd",
  "..%2f..%2f..%2f.env",
  "..%2f..%2fserver%2fmain.ts",
];
export const ODD_METHODS = [
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "SEARCH",
  "PURGE",
  "LINK",
  "FOO",
  "HEAD",
];
export const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/octet-stream",
  "application/json; charset=utf-16",
  "application/JSON",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "image/png",
  ";;;",
  "application/json, text/plain",
  "text/html",
  "application/vnd.api+json",
  "*/*",
  "application/x-www-form-urlencodedx",
  "application/problem+json",
];
export const BIG_SIZES = [64 * 1024 + 1, 100_000, 256 * 1024, 512 * 1024, 1_000_000];
export const RAW_BYTES = [[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff, 0xfe], [0xf4, 0x90, 0x80, 0x80], [0x00], [0xe2, 0x80, 0xae]].map((b) =>
  Buffer.from(b),
);

/** Percent-encodes anything, lone surrogates included (as their CESU-8 bytes, which are invalid UTF-8). */
export function pct(s: string): string {
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    else out += encodeURIComponent(ch);
  }
  return out;
}
export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
export type Json = string | number | boolean | null | Raw | Json[] | { [k: string]: Json };
/** JSON text that may hold literals JSON.stringify cannot write (1e309, -0, 40-digit numbers). */
export function toJson(v: Json): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(",")}}`;
  return JSON.stringify(v);
}
