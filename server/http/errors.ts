// One error shape for the whole API: {message, errors?} with the right status, never a stack trace.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors?: Record<string, string>;
  readonly headers?: Record<string, string>;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const notFound = (what = "Not found") => new ApiError(404, what);

/** True when the error means the database cannot be reached (the answer is then 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (
    e.code &&
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"].includes(e.code) &&
    !/syntax|constraint/i.test(e.message ?? "")
  )
    return true;
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Query read timeout|database is locked|unable to open database|disk I\/O error|Client has encountered a connection error/i.test(
    e.message ?? "",
  );
}

export function errorBody(c: Context, error: ApiError) {
  if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
  return c.json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message }, error.status);
}
