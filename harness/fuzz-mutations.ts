// The ways a valid request is spoiled. Each mutation rewrites a draft in place with values from the request's
// own random sequence, so the order of the draws is part of what makes a run reproducible.
import type { FuzzTarget } from "./fuzz-requests.ts";
import {
  BIG_SIZES,
  CONTENT_TYPES,
  INJECTION,
  JSON_NUMBERS,
  type Json,
  NUMBERS,
  ODD_METHODS,
  pct,
  RAW_BYTES,
  Raw,
  type Rng,
  TRAVERSAL,
  toJson,
  UNICODE,
} from "./fuzz-values.ts";

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
export type Draft = {
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

export function pickMutation(rng: Rng): (typeof MUTATIONS)[number] {
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

type Mutation = (typeof MUTATIONS)[number];

const MUTATORS: Record<Mutation, (d: Draft, target: FuzzTarget, rng: Rng) => void> = {
  valid: () => {},
  "path-value": (d, target, rng) => {
    if (target.pathParams.length)
      d.pathValues[rng.pick(target.pathParams)] = rng.chance(0.5) ? pct(rng.pick([...NUMBERS, ...INJECTION])) : rng.pick(TRAVERSAL);
    else d.pathOverride = `${target.template}/${rng.pick(TRAVERSAL)}`;
  },
  traversal: (d, target, rng) => {
    const segments = target.template.replace(/\{(\w+)\}/g, (_, name: string) => d.pathValues[name]).split("/");
    const at = 1 + rng.int(segments.length - 1);
    segments.splice(at, rng.chance(0.5) ? 1 : 0, ...Array.from({ length: 1 + rng.int(4) }, () => rng.pick(TRAVERSAL)));
    d.pathOverride = rng.chance(0.15)
      ? rng.pick(["/assets/", "/media/img/", "/media/static/", "/back/api/"]) + rng.pick(TRAVERSAL)
      : segments.join("/");
  },
  query: (d, target, rng) => {
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
  },
  "body-types": (d, target, rng) => {
    if (d.fields && target.body) {
      for (const f of Object.keys(target.body.fields)) if (rng.chance(0.5)) d.fields[f] = wrongType(rng);
      d.encoding = target.page ? "form" : "json";
    } else plant(d, target, rng.pick(NUMBERS), rng);
  },
  "missing-extra": (d, target, rng) => {
    if (d.fields && target.body) {
      for (const f of Object.keys(d.fields)) if (rng.chance(0.5)) delete d.fields[f];
      for (let k = 0, n = rng.int(5); k < n; k++)
        d.fields[rng.pick(["__proto__", "constructor", "id", "admin", "extra", "a".repeat(1000), "", "language", "page"])] = rng.pick<Json>(
          ["x", 1, null, { nested: true }],
        );
      if (rng.chance(0.2)) d.fields = Object.create(null) as Record<string, Json>;
    } else d.query.push(["unexpected", "1"], ["page", "1"]);
  },
  "malformed-json": (d, _target, rng) => {
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
  },
  "content-type": (d, _target, rng) => {
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
  },
  huge: (d, _target, rng) => {
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
  },
  unicode: (d, target, rng) => {
    if (rng.chance(0.15) && d.fields) {
      // Invalid UTF-8 bytes the encoder would never produce, inside an otherwise valid body.
      const bytes = rng.pick(RAW_BYTES);
      const form = d.encoding === "form" || target.page;
      d.body = Buffer.concat([
        Buffer.from(form ? "name=" : '{"name":"'),
        bytes,
        Buffer.from(
          form ? "abc&email=a%40b.co&subject=hey&message=0123456789ab" : 'abc","email":"a@b.co","subject":"hey","message":"0123456789ab"}',
        ),
      ]);
      d.contentType = form ? "application/x-www-form-urlencoded" : "application/json";
    } else plant(d, target, rng.pick(UNICODE), rng);
  },
  injection: (d, target, rng) => {
    plant(d, target, rng.pick(INJECTION), rng);
  },
  numbers: (d, target, rng) => {
    if (d.fields && rng.chance(0.5) && !target.page && target.body && Object.values(target.body.fields).includes("integer")) {
      const ints = Object.entries(target.body.fields)
        .filter(([, t]) => t === "integer")
        .map(([f]) => f);
      d.fields[rng.pick(ints)] = new Raw(rng.pick(JSON_NUMBERS));
      d.encoding = "json";
    } else plant(d, target, rng.pick(NUMBERS), rng, true);
  },
  method: (d, target, rng) => {
    // HEAD is left out for the page: it would write an empty body into the page cache (reported separately).
    d.method = rng.pick(target.page ? ODD_METHODS.filter((m) => m !== "HEAD") : ODD_METHODS);
  },
};

export function mutate(d: Draft, target: FuzzTarget, mutation: Mutation, rng: Rng) {
  MUTATORS[mutation](d, target, rng);
}
