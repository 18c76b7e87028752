import type { Context } from "hono";

/**
 * Replaces the response a middleware received. Assigning c.res directly makes Hono copy the old
 * response's headers onto the new one (content-length and etag included), which would describe the
 * wrong body; clearing it first hands over exactly the new response.
 */
export function replaceResponse(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}
