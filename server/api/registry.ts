// Declares each API endpoint once: its validation, its handler and its OpenAPI description come from the
// same zod schemas, so the document cannot drift from what the server does.
import type { Context, Env, Hono } from "hono";
import { z } from "zod";
import { parseOr400 } from "../http/validate.ts";
import { readBody } from "../http/body.ts";
import type { AnswerCache } from "../http/answer-cache.ts";
import { damascusToday } from "../../shared/damascus-time.ts";

type Method = "get" | "post";
/** One operation of the OpenAPI document as written here (the reference page reads it too). */
export type OpenApiOperation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: Array<{ name: string; in: "path" | "query"; required: boolean; schema: unknown; description?: string }>;
  responses: Record<string, unknown>;
  requestBody?: { required: boolean; content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type Endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  method: Method;
  /** Hono path syntax: /place1/places/:id */
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer's schema (documentation and contract tests). */
  response: z.ZodType;
  status?: 200 | 201;
  /** The answer's media type when it is not JSON (the handler then returns a Response). */
  contentType?: string;
  errors?: number[];
  /** A POST that only reads published content (search): its answers are kept like a GET's. */
  readsContent?: boolean;
  handle: (input: { params: z.infer<P>; query: z.infer<Q>; body: z.infer<B>; c: Context }) => Promise<unknown>;
  /** Told of every answer, made or kept (the statistics of searches that found nothing). */
  observe?: (input: { query: z.infer<Q>; body: z.infer<B> }, answer: Response) => void;
};

/** An endpoint whatever its schemas: mount() hands the handler what the schemas let through. */
export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType>;

type NoFields = z.ZodObject<Record<never, never>>;

export function endpoint<P extends z.ZodType = NoFields, Q extends z.ZodType = NoFields, B extends z.ZodType = NoFields>(
  e: Endpoint<P, Q, B>,
): AnyEndpoint {
  return e as unknown as AnyEndpoint;
}

/** What the API's reads of published content are kept and made by. */
type ContentReads = {
  /** Answers kept by address, form and content version. */
  cache: AnswerCache;
  /** Runs a handler with every read of the content version inside it answered by the one its key was made of. */
  withinVersion: <T>(version: number, work: () => Promise<T>) => Promise<T>;
};

/**
 * Every GET of this API reads published content only, and so does a POST marked `readsContent`: their
 * answers are kept in `cache` by address and validated form, until the content changes, and made from the
 * content version their key names.
 */
export function mount<E extends Env>(app: Hono<E>, base: string, endpoints: AnyEndpoint[], { cache, withinVersion }: ContentReads) {
  for (const e of endpoints) {
    const cached = e.method === "get" || e.readsContent === true;
    app.on(e.method.toUpperCase(), base + e.path, async (c) => {
      const params = e.params ? parseOr400(e.params, c.req.param(), "The address is not valid.") : {};
      const query = e.query ? parseOr400(e.query, c.req.query(), "The query is not valid.") : {};
      const body = e.body ? parseOr400(e.body, await readBody(c), "The form is not valid.") : {};
      const answer = async () => {
        const result = await e.handle({ params, query, body, c });
        return result instanceof Response ? result : c.json(result as object, e.status ?? 200);
      };
      if (!cached) return answer();
      const told = (res: Response) => {
        e.observe?.({ query, body }, res);
        return res;
      };
      // The day is in the key as in the pages': what is on (the events) changes with it, not with the content alone.
      const version = await cache.version();
      const key = `${version} ${damascusToday()} ${c.req.method} ${c.req.url} ${e.body ? JSON.stringify(body) : ""}`;
      const res = await cache.answer(key, c.req.header("accept-encoding"), async () => {
        const response = await withinVersion(version, answer);
        return { status: response.status, headers: new Headers(response.headers), body: new Uint8Array(await response.arrayBuffer()) };
      });
      // A POST's answer is not for HTTP caches: no validator.
      if (e.method !== "get" && res.status === 200) res.headers.delete("etag");
      return told(res);
    });
  }
}

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input (field messages in `errors`)",
  404: "Unknown id",
  413: "Body too large",
  415: "Unsupported content type",
  429: "Too many requests",
  503: "Database unavailable",
};

/** Builds the OpenAPI 3.1 document from the declared endpoints. */
export function openApiDocument(base: string, endpoints: AnyEndpoint[], info: { title: string; version: string; description: string }) {
  const errorSchema = {
    type: "object",
    required: ["message"],
    properties: { message: { type: "string" }, errors: { type: "object", additionalProperties: { type: "string" } } },
  };
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const e of endpoints) {
    const path = base + e.path.replace(/:(\w+)/g, "{$1}");
    const parameters: OpenApiOperation["parameters"] = [];
    const addParams = (schema: z.ZodType | undefined, where: "path" | "query") => {
      if (!schema) return;
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, { description?: string }>;
        required?: string[];
      };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === "path" || (json.required ?? []).includes(name),
          schema: s,
          ...(s.description ? { description: s.description } : {}),
        });
      }
    };
    addParams(e.params, "path");
    addParams(e.query, "query");
    const responses: Record<string, unknown> = {
      [String(e.status ?? 200)]: {
        description: "Success",
        content: {
          [e.contentType ?? "application/json"]: { schema: z.toJSONSchema(e.response, { io: "output", unrepresentable: "any" }) },
        },
      },
    };
    for (const code of new Set([...(e.errors ?? []), 503]))
      responses[String(code)] = { description: ERROR_TEXT[code] ?? "Error", content: { "application/json": { schema: errorSchema } } };
    const operation: OpenApiOperation = {
      operationId: `${e.method}${e.path.replace(/\/:(\w+)/g, "By$1").replace(/[^a-zA-Z0-9]+(.)/g, (_, ch: string) => ch.toUpperCase())}`,
      summary: e.summary,
      tags: [e.tag],
      parameters,
      responses,
    };
    if (e.body) {
      const schema = z.toJSONSchema(e.body, { io: "input", unrepresentable: "any" });
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema }, "multipart/form-data": { schema } },
      };
    }
    (paths[path] ??= {})[e.method] = operation;
  }
  const tags = [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name, description: `${name} endpoints` }));
  return {
    openapi: "3.1.0",
    info: { ...info, license: { name: "Proprietary", identifier: "LicenseRef-Ministry" } },
    servers: [{ url: "/" }],
    tags,
    paths,
  };
}
