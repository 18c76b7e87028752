// Turns zod failures into the API's 400 answer: {message, errors: {field: message}}.
import type { z } from "zod";
import { ApiError } from "./errors.ts";

export function parseOr400<T extends z.ZodType>(schema: T, input: unknown, message = "The request is not valid."): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] ??= issue.message;
  }
  throw new ApiError(400, message, { errors });
}
