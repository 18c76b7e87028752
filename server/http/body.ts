// Reads a request body as a plain object from JSON, form-encoded or multipart bodies (the mobile app
// sends multipart), answering 415 for anything else and 400 for a body that cannot be parsed.
import type { Context } from "hono";
import { ApiError } from "./errors.ts";

export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new ApiError(400, "The request body is not valid JSON.");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "The request body must be a JSON object.");
    return body as Record<string, unknown>;
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "The form body could not be read.");
    }
    const body: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) if (typeof value === "string") body[key] = value;
    return body;
  }
  if (!type && !(c.req.header("content-length") ?? "0").match(/^[1-9]/) && !c.req.header("transfer-encoding")) return {};
  throw new ApiError(415, "Send the body as application/json, application/x-www-form-urlencoded or multipart/form-data.");
}
