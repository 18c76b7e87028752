// An answer sent before the request body was read in full (413, 415, 404, 429, a 400 from the headers)
// closes the connection. Left open, the unread rest of the body is either drained for a while or the socket
// is reset under a client that was told "keep-alive", and the client's next request on it fails. The
// published app keeps its connections alive, so it would meet that failure; "Connection: close" tells it
// to open a new one.
import type { MiddlewareHandler } from "hono";
import type { HttpBindings } from "@hono/node-server";

export const closeOnUnreadBody: MiddlewareHandler<{ Bindings: Partial<HttpBindings> }> = async (c, next) => {
  await next();
  // In-process requests (app.request in tests) have no Node message and no connection to close.
  const incoming = c.env?.incoming;
  if (incoming && !incoming.complete) c.res.headers.set("connection", "close");
};
