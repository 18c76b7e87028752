// A seeded fuzzer for the HTTP surface: every API endpoint listed in the OpenAPI document plus the contact
// page's form action, hit with random and hostile requests. Request i depends only on (seed, i), so a run
// is reproducible whatever order the answers come back in. It counts statuses and keeps examples of the
// answers that must never happen: 5xx, stack traces, file contents and hung requests.
import http from "node:http";

export type FuzzTarget = {
  method: "GET" | "POST";
  /** Path with {name} placeholders. */
  template: string;
  pathParams: string[];
  query: string[];
  /** Body fields and the ones the schema requires; absent for bodiless endpoints. */
  body?: { fields: Record<string, "string" | "integer">; required: string[] };
  /** The contact page's form action (React Router), not a JSON endpoint. */
  page?: boolean;
};

export type FuzzRequest = {
  n: number;
  target: string;
  mutation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
};

export type Finding = { request: string; status: number | string; answer: string };

export type FuzzReport = {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  /** Requests per endpoint ("METHOD template"), to show every one was reached. */
  byTarget: Record<string, number>;
  byMutation: Record<string, Record<string, number>>;
  serverErrors: number;
  stackTraces: number;
  fileLeaks: number;
  timeouts: number;
  /** Resets of reused kept-alive sockets, retried once on a fresh socket. */
  retriedResets: number;
  /** Connection errors (a reset after a refused upload is normal; refused connections are not). */
  networkErrors: Record<string, number>;
  /** 5xx counted by endpoint and mutation, to see at a glance where they come from. */
  serverErrorsBy: Record<string, number>;
  findings: { serverErrors: Finding[]; stackTraces: Finding[]; fileLeaks: Finding[]; timeouts: Finding[]; networkErrors: Finding[] };
  stoppedEarly: boolean;
};

export const STACK_TRACE = /at .*\.ts:|node_modules/;
const FILE_LEAK = /root:x:0:0|"devDependencies"|from "hono"/;

// ---- Endpoints

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, { type?: string }>; required?: string[] } }> };
      }
    >
  >;
};

/** Every path and method of the OpenAPI document, and the contact page's form action. */
export async function fuzzTargets(baseURL: string): Promise<FuzzTarget[]> {
  const doc = (await (await fetch(`${baseURL}/back/api/openapi.json`)).json()) as OpenApi;
  const targets: FuzzTarget[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content["application/json"]?.schema;
      targets.push({
        method: method.toUpperCase() as "GET" | "POST",
        template,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: params.filter((p) => p.in === "query").map((p) => p.name),
        body: schema
          ? {
              fields: Object.fromEntries(
                Object.entries(schema.properties ?? {}).map(([k, v]) => [k, v.type === "integer" ? "integer" : "string"]),
              ),
              required: schema.required ?? [],
            }
          : undefined,
      });
    }
  }
  targets.push({
    method: "POST",
    template: "/contact",
    pathParams: [],
    query: [],
    page: true,
    body: {
      fields: { name: "string", email: "string", subject: "string", message: "string", website: "string" },
      required: ["name", "email", "subject", "message"],
    },
  });
  return targets;
}

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

type Rng = { next: () => number; int: (n: number) => number; pick: <T>(xs: readonly T[]) => T; chance: (p: number) => boolean };
function rngFor(seed: number, n: number): Rng {
  const next = mulberry32(seed ^ Math.imul(n + 1, 0x9e3779b1));
  const int = (k: number) => Math.floor(next() * k);
  return { next, int, pick: (xs) => xs[int(xs.length)], chance: (p) => next() < p };
}

// ---- Hostile values

const ZALGO = `Z${"\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030a\u030b\u030c\u030d\u030e\u030f".repeat(40)}`;
const UNICODE = [
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
const INJECTION = [
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
const NUMBERS = [
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
const JSON_NUMBERS = [
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
const TRAVERSAL = [
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
const ODD_METHODS = [
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
const CONTENT_TYPES = [
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
const BIG_SIZES = [64 * 1024 + 1, 100_000, 256 * 1024, 512 * 1024, 1_000_000];
const RAW_BYTES = [[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff, 0xfe], [0xf4, 0x90, 0x80, 0x80], [0x00], [0xe2, 0x80, 0xae]].map((b) =>
  Buffer.from(b),
);

/** Percent-encodes anything, lone surrogates included (as their CESU-8 bytes, which are invalid UTF-8). */
function pct(s: string): string {
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

// ---- Valid values, the starting point of most mutations

const VALID_TEXT: Record<string, string> = {
  name: "Maya Haddad",
  email: "maya@example.org",
  subject: "Visiting Maaloula",
  message: "Which days are best to hear Aramaic at Mass?",
  website: "",
  device_name: "Pixel 8",
  platform: "android",
  device_token: "tok-123",
  ip_address: "10.0.0.1",
  app_version: "2.1.0",
  language: "en",
};
function validField(target: FuzzTarget, field: string, type: "string" | "integer", rng: Rng): string | number {
  if (type === "integer") return field === "language" ? 1 + rng.int(7) : rng.int(4);
  if (field === "name" && !target.page && target.template.endsWith("/search"))
    return rng.pick(["Palmyra", "Damascus", "\u062a\u062f\u0645\u0631", "Aleppo", "cit"]);
  return VALID_TEXT[field] ?? "x";
}

class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
type Json = string | number | boolean | null | Raw | Json[] | { [k: string]: Json };
/** JSON text that may hold literals JSON.stringify cannot write (1e309, -0, 40-digit numbers). */
function toJson(v: Json): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

function hostileText(rng: Rng): string {
  const pool = rng.pick([UNICODE, INJECTION, NUMBERS, TRAVERSAL]);
  return rng.pick(pool);
}
function wrongType(rng: Rng): Json {
  return rng.pick<Json>([
    [],
    {},
    null,
    true,
    false,
    [1, 2],
    { a: { b: [] } },
    new Raw(rng.pick(JSON_NUMBERS)),
    "not a number",
    [["deep"]],
    new Raw('{"__proto__":{"polluted":true}}'),
  ]);
}

// ---- Building a request

type Draft = {
  method: string;
  pathValues: Record<string, string>;
  query: [string, string][];
  rawQuery?: string;
  fields: Record<string, Json> | null;
  encoding: "json" | "form" | "multipart";
  contentType?: string;
  body?: Buffer;
  chunked?: boolean;
  pathOverride?: string;
};

function draftFor(target: FuzzTarget, rng: Rng): Draft {
  const pathValues = Object.fromEntries(target.pathParams.map((p) => [p, String(p === "star" ? rng.int(6) : 1 + rng.int(5))]));
  const query: [string, string][] = target.query.filter(() => rng.chance(0.4)).map((q) => [q, String(1 + rng.int(3))]);
  let fields: Record<string, Json> | null = null;
  if (target.body) {
    // No prototype, so a "__proto__" key is sent as a key.
    fields = Object.create(null) as Record<string, Json>;
    for (const [f, type] of Object.entries(target.body.fields))
      if (target.body.required.includes(f) || rng.chance(0.5)) fields[f] = validField(target, f, type, rng);
  }
  // The mobile app sends multipart, the website's form sends form-encoded, the API's docs show JSON.
  const encoding = target.page ? "form" : rng.pick(["json", "json", "form", "multipart"] as const);
  return { method: target.method, pathValues, query, fields, encoding };
}

const MUTATIONS = [
  "valid",
  "path-value",
  "traversal",
  "query",
  "body-types",
  "missing-extra",
  "malformed-json",
  "content-type",
  "huge",
  "unicode",
  "injection",
  "numbers",
  "method",
] as const;
const WEIGHTS = [5, 14, 7, 10, 12, 8, 7, 8, 5, 10, 8, 8, 5];

function pickMutation(rng: Rng): (typeof MUTATIONS)[number] {
  let r = rng.next() * WEIGHTS.reduce((a, b) => a + b, 0);
  for (let i = 0; i < MUTATIONS.length; i++) if ((r -= WEIGHTS[i]) < 0) return MUTATIONS[i];
  return "valid";
}

/** Puts a hostile string where the target reads one: a body field, a path segment or a query value. */
function plant(d: Draft, target: FuzzTarget, value: string, rng: Rng, numericOnly = false) {
  const spots: (() => void)[] = [];
  if (d.fields && target.body) {
    const names = Object.entries(target.body.fields)
      .filter(([, t]) => !numericOnly || t === "integer")
      .map(([f]) => f);
    if (names.length) spots.push(() => (d.fields![rng.pick(names)] = value));
  }
  if (target.pathParams.length) spots.push(() => (d.pathValues[rng.pick(target.pathParams)] = pct(value)));
  spots.push(() =>
    d.query.push([
      target.query.length && rng.chance(0.8) ? rng.pick(target.query) : rng.pick(["language", "page", "per_page", "q", "name"]),
      value,
    ]),
  );
  rng.pick(spots)();
}

function mutate(d: Draft, target: FuzzTarget, mutation: (typeof MUTATIONS)[number], rng: Rng) {
  switch (mutation) {
    case "valid":
      return;
    case "path-value":
      if (target.pathParams.length)
        d.pathValues[rng.pick(target.pathParams)] = rng.chance(0.5) ? pct(rng.pick([...NUMBERS, ...INJECTION])) : rng.pick(TRAVERSAL);
      else d.pathOverride = `${target.template}/${rng.pick(TRAVERSAL)}`;
      return;
    case "traversal": {
      const segments = target.template.replace(/\{(\w+)\}/g, (_, name: string) => d.pathValues[name]).split("/");
      const at = 1 + rng.int(segments.length - 1);
      segments.splice(at, rng.chance(0.5) ? 1 : 0, ...Array.from({ length: 1 + rng.int(4) }, () => rng.pick(TRAVERSAL)));
      d.pathOverride = rng.chance(0.15)
        ? rng.pick(["/assets/", "/media/img/", "/media/static/", "/back/api/"]) + rng.pick(TRAVERSAL)
        : segments.join("/");
      return;
    }
    case "query": {
      const names = target.query.length ? target.query : ["page", "per_page", "language"];
      for (let k = 0, n = 1 + rng.int(4); k < n; k++)
        d.query.push([
          rng.chance(0.7)
            ? rng.pick(names)
            : rng.pick(["page[]", "__proto__[x]", "constructor", "a".repeat(300), "", "per_page[$gt]", "language%00"]),
          hostileText(rng),
        ]);
      if (rng.chance(0.2))
        d.rawQuery = rng.pick(["%", "&&&", "=", "a=%zz", "page=1&page=2&page=-1", "?", "#frag", "a=%ED%A0%80", "%00=%00", ";;;"]);
      return;
    }
    case "body-types":
      if (d.fields && target.body) {
        for (const f of Object.keys(target.body.fields)) if (rng.chance(0.5)) d.fields[f] = wrongType(rng);
        d.encoding = target.page ? "form" : "json";
      } else plant(d, target, rng.pick(NUMBERS), rng);
      return;
    case "missing-extra":
      if (d.fields && target.body) {
        for (const f of Object.keys(d.fields)) if (rng.chance(0.5)) delete d.fields[f];
        for (let k = 0, n = rng.int(5); k < n; k++)
          d.fields[rng.pick(["__proto__", "constructor", "id", "admin", "extra", "a".repeat(1000), "", "language", "page"])] =
            rng.pick<Json>(["x", 1, null, { nested: true }]);
        if (rng.chance(0.2)) d.fields = Object.create(null) as Record<string, Json>;
      } else d.query.push(["unexpected", "1"], ["page", "1"]);
      return;
    case "malformed-json":
      d.body = Buffer.from(
        rng.pick([
          '{"name":',
          "{name:'x'}",
          '{"name":"x",}',
          "[1,2,3]",
          '"just a string"',
          "null",
          "42",
          "{",
          "}",
          '{"a":1}{"b":2}',
          "NaN",
          '{"name":NaN}',
          '{"name":"\\ud800"}',
          '{"name":"\\x41"}',
          "\ufeff{}",
          '{"name":"a\u0000"}',
          "[".repeat(5000) + "]".repeat(5000),
          `${'{"a":'.repeat(2000)}1${"}".repeat(2000)}`,
          "",
        ]),
      );
      d.contentType = rng.pick(["application/json", "application/json; charset=utf-8", "application/vnd.api+json"]);
      if (d.method === "GET" && rng.chance(0.5)) d.method = "POST";
      return;
    case "content-type":
      d.contentType = rng.pick([...CONTENT_TYPES, ""]);
      if (!d.fields) d.fields = { name: "x" };
      if (rng.chance(0.3))
        d.body = Buffer.from(
          rng.pick([
            "name=x&language=1",
            '{"name":"x"}',
            '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--\r\n',
            "garbage\u0000\u0001",
            "<xml/>",
          ]),
        );
      return;
    case "huge": {
      const size = rng.pick(BIG_SIZES);
      const shape = rng.int(4);
      const fill = (n: number) => rng.pick(["a", "\u0639", "\ud83d\ude00", "%"]).repeat(Math.max(1, n));
      if (shape === 0) d.body = Buffer.from(toJson({ name: fill(size / 4), email: "a@b.co", subject: "s", message: fill(size / 4) }));
      else if (shape === 1) d.body = Buffer.from(`message=${fill(size / 2)}&name=x`);
      else if (shape === 2) d.body = Buffer.alloc(size, rng.int(256));
      else d.query.push(["q", "x".repeat(rng.pick([4000, 12_000, 30_000]))]);
      if (d.body) {
        d.contentType =
          shape === 0
            ? "application/json"
            : shape === 1
              ? "application/x-www-form-urlencoded"
              : rng.pick(["application/json", "application/octet-stream", "multipart/form-data; boundary=x"]);
        d.chunked = rng.chance(0.3);
        if (d.method === "GET") d.method = "POST";
      }
      return;
    }
    case "unicode":
      if (rng.chance(0.15) && d.fields) {
        // Invalid UTF-8 bytes the encoder would never produce, inside an otherwise valid body.
        const bytes = rng.pick(RAW_BYTES);
        const form = d.encoding === "form" || target.page;
        d.body = Buffer.concat([
          Buffer.from(form ? "name=" : '{"name":"'),
          bytes,
          Buffer.from(
            form
              ? "abc&email=a%40b.co&subject=hey&message=0123456789ab"
              : 'abc","email":"a@b.co","subject":"hey","message":"0123456789ab"}',
          ),
        ]);
        d.contentType = form ? "application/x-www-form-urlencoded" : "application/json";
      } else plant(d, target, rng.pick(UNICODE), rng);
      return;
    case "injection":
      plant(d, target, rng.pick(INJECTION), rng);
      return;
    case "numbers":
      if (d.fields && rng.chance(0.5) && !target.page && target.body && Object.values(target.body.fields).includes("integer")) {
        const ints = Object.entries(target.body.fields)
          .filter(([, t]) => t === "integer")
          .map(([f]) => f);
        d.fields[rng.pick(ints)] = new Raw(rng.pick(JSON_NUMBERS));
        d.encoding = "json";
      } else plant(d, target, rng.pick(NUMBERS), rng, true);
      return;
    case "method":
      // HEAD is left out for the page: it would write an empty body into the page cache (reported separately).
      d.method = rng.pick(target.page ? ODD_METHODS.filter((m) => m !== "HEAD") : ODD_METHODS);
      return;
  }
}

function encodeFields(fields: Record<string, Json>, encoding: Draft["encoding"], rng: Rng): { body: Buffer; contentType: string } {
  const text = (v: Json) => (typeof v === "string" ? v : v instanceof Raw ? v.text : toJson(v));
  if (encoding === "json") return { body: Buffer.from(toJson(fields)), contentType: "application/json" };
  if (encoding === "form")
    return {
      body: Buffer.from(
        Object.entries(fields)
          .map(([k, v]) => `${pct(k)}=${pct(text(v))}`)
          .join("&"),
      ),
      contentType: "application/x-www-form-urlencoded",
    };
  const boundary = `----fuzz${rng.int(1e9)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, "%22")}"\r\n\r\n${text(v)}\r\n`,
  );
  return { body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function buildRequest(targets: FuzzTarget[], seed: number, n: number): FuzzRequest {
  const rng = rngFor(seed, n);
  // The contact page has one target among ~22 endpoints: give it a fair share of the traffic.
  const target = rng.chance(0.08) ? targets.find((t) => t.page)! : rng.pick(targets);
  const mutation = pickMutation(rng);
  const d = draftFor(target, rng);
  mutate(d, target, mutation, rng);
  let path = d.pathOverride ?? target.template.replace(/\{(\w+)\}/g, (_, name: string) => d.pathValues[name]);
  if (target.page && !d.pathOverride) path = rng.pick(["/contact", "/contact", "/ar/contact", "/contact.data", "/fr/contact"]);
  const query = d.rawQuery ?? d.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join("&");
  if (query) path += `?${query}`;
  const headers: Record<string, string> = {};
  let body = d.body;
  if (!body && d.fields) {
    const encoded = encodeFields(d.fields, d.encoding, rng);
    body = encoded.body;
    headers["content-type"] = encoded.contentType;
  }
  if (d.contentType !== undefined) {
    if (d.contentType === "") delete headers["content-type"];
    else headers["content-type"] = d.contentType;
  }
  if (rng.chance(0.05)) headers.accept = rng.pick(["application/json", "text/html", "*/*", "\u00ff", "application/xml;q=0.9"]);
  return { n, target: `${target.method} ${target.template}`, mutation, method: d.method, path, headers, body, chunked: d.chunked };
}

// ---- Sending

const USED = Symbol("used before");
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string; reused?: boolean };

function send(base: URL, req: FuzzRequest, agent: http.Agent, localAddress: string | undefined, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Answer) => {
      if (!done) {
        done = true;
        resolve(a);
      }
    };
    const headers = { ...req.headers };
    if (req.body && !req.chunked) headers["content-length"] = String(req.body.length);
    let r: http.ClientRequest;
    try {
      r = http.request({
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers,
        agent,
        localAddress,
        timeout: timeoutMs,
      });
    } catch (e) {
      finish({ error: `client:${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
      return;
    }
    r.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        // Bounded: no answer of this site should be anywhere near 4 MB.
        if (size < 4 * 2 ** 20) chunks.push(c);
        size += c.length;
      });
      const answer = () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.on("end", answer);
      res.on("error", answer);
    });
    r.on("timeout", () => {
      r.destroy();
      finish({ error: "timeout" });
    });
    // Node's reusedSocket flag misses a socket handed over straight from a request that just finished: mark sockets ourselves.
    let reused = false;
    r.on("socket", (socket) => {
      reused = USED in socket;
      (socket as unknown as Record<symbol, boolean>)[USED] = true;
    });
    r.on("error", (e: NodeJS.ErrnoException) => finish({ error: e.code ?? e.message, reused: reused || r.reusedSocket }));
    if (req.body && req.chunked) {
      // Several chunks without a Content-Length: the body limit must count bytes as they come.
      for (let i = 0; i < req.body.length; i += 64 * 1024) r.write(req.body.subarray(i, i + 64 * 1024));
      r.end();
    } else r.end(req.body);
  });
}

/** One request from a chosen loopback address (the server tells clients apart by address, for its rate limit). */
export async function requestFrom(
  baseURL: string,
  localAddress: string,
  req: { method: string; path: string; headers?: Record<string, string>; body?: string },
  /** How long the socket may stay silent before the request is given up. */
  timeoutMs = 30_000,
) {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const answer = await send(
      new URL(baseURL),
      {
        n: 0,
        target: "",
        mutation: "",
        method: req.method,
        path: req.path,
        headers: req.headers ?? {},
        body: req.body === undefined ? undefined : Buffer.from(req.body),
      },
      agent,
      localAddress,
      timeoutMs,
    );
    if ("error" in answer) throw new Error(`${req.method} ${req.path} from ${localAddress}: ${answer.error}`);
    return answer;
  } finally {
    agent.destroy();
  }
}

export function describe(req: FuzzRequest): string {
  const show = (s: string) => JSON.stringify(s.length > 160 ? `${s.slice(0, 160)}…(${s.length} chars)` : s);
  const body = req.body ? ` body ${show(req.body.toString("utf8"))} (${req.body.length} bytes${req.chunked ? ", chunked" : ""})` : "";
  return `#${req.n} [${req.mutation}] ${req.method} ${show(req.path)} headers ${JSON.stringify(req.headers)}${body}`;
}

export type FuzzOptions = {
  baseURL: string;
  requests: number;
  seed: number;
  concurrency: number;
  timeLimitMs: number;
  requestTimeoutMs?: number;
  localAddress?: string;
  keepFindings?: number;
};

export async function fuzz(o: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const base = new URL(o.baseURL);
  const targets = await fuzzTargets(o.baseURL);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
  const keep = o.keepFindings ?? 10;
  const report: FuzzReport = {
    requests: 0,
    seconds: 0,
    statuses: {},
    byTarget: {},
    byMutation: {},
    serverErrors: 0,
    stackTraces: 0,
    fileLeaks: 0,
    timeouts: 0,
    retriedResets: 0,
    networkErrors: {},
    serverErrorsBy: {},
    findings: { serverErrors: [], stackTraces: [], fileLeaks: [], timeouts: [], networkErrors: [] },
    stoppedEarly: false,
  };
  const note = (list: Finding[], req: FuzzRequest, status: number | string, answer: string) => {
    if (list.length < keep) list.push({ request: describe(req), status, answer: answer.slice(0, 400) });
  };
  let next = 0;
  const deadline = started + o.timeLimitMs;
  async function worker() {
    while (next < o.requests) {
      if (performance.now() > deadline) {
        report.stoppedEarly = true;
        return;
      }
      const req = buildRequest(targets, o.seed, next++);
      let answer = await send(base, req, agent, o.localAddress, o.requestTimeoutMs ?? 30_000);
      // A kept-alive socket the server closed just before it was reused (idle timeout, or @hono/node-server
      // giving up after 500 ms on draining an upload it refused): browsers retry such a request too.
      for (let retry = 0; retry < 3 && "error" in answer && answer.reused && answer.error === "ECONNRESET"; retry++) {
        report.retriedResets++;
        answer = await send(base, req, agent, o.localAddress, o.requestTimeoutMs ?? 30_000);
      }
      report.requests++;
      // Node refuses headers over 16 KB with 431 and closes while the client is still sending: a reset.
      if ("error" in answer && req.path.length > 16 * 1024) answer = { error: `${answer.error} (headers > 16 KB)` };
      const key = "status" in answer ? String(answer.status) : answer.error;
      report.statuses[key] = (report.statuses[key] ?? 0) + 1;
      report.byTarget[req.target] = (report.byTarget[req.target] ?? 0) + 1;
      (report.byMutation[req.mutation] ??= {})[key] = (report.byMutation[req.mutation][key] ?? 0) + 1;
      if ("error" in answer) {
        if (answer.error === "timeout") {
          report.timeouts++;
          note(report.findings.timeouts, req, "timeout", "");
        } else {
          report.networkErrors[answer.error] = (report.networkErrors[answer.error] ?? 0) + 1;
          note(report.findings.networkErrors, req, answer.error, "");
        }
        continue;
      }
      if (answer.status >= 500) {
        report.serverErrors++;
        const by = `${req.target} [${req.mutation}] ${answer.status}`;
        report.serverErrorsBy[by] = (report.serverErrorsBy[by] ?? 0) + 1;
        note(report.findings.serverErrors, req, answer.status, answer.body);
      }
      if (STACK_TRACE.test(answer.body)) {
        report.stackTraces++;
        note(
          report.findings.stackTraces,
          req,
          answer.status,
          answer.body.match(new RegExp(`.{0,200}(${STACK_TRACE.source}).{0,200}`, "s"))?.[0] ?? "",
        );
      }
      if (FILE_LEAK.test(answer.body)) {
        report.fileLeaks++;
        note(report.findings.fileLeaks, req, answer.status, answer.body);
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: o.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}

/** True when the server still answers a plain API call. */
export async function stillAnswering(baseURL: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseURL}/back/api/user/language1/languages`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
