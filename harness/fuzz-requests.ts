// The fuzzer's requests: the endpoints it aims at (the OpenAPI document's paths and the contact page's form
// action), and request i built from (seed, i) alone, so a run is reproducible whatever order the answers
// come back in.
import { type Draft, mutate, pickMutation } from "./fuzz-mutations.ts";
import { type Json, pct, Raw, type Rng, rngFor, toJson } from "./fuzz-values.ts";

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
// ---- Building a request

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
export function describe(req: FuzzRequest): string {
  const show = (s: string) => JSON.stringify(s.length > 160 ? `${s.slice(0, 160)}…(${s.length} chars)` : s);
  const body = req.body ? ` body ${show(req.body.toString("utf8"))} (${req.body.length} bytes${req.chunked ? ", chunked" : ""})` : "";
  return `#${req.n} [${req.mutation}] ${req.method} ${show(req.path)} headers ${JSON.stringify(req.headers)}${body}`;
}
