// Hands page requests to React Router's server build, with the domain services in its context and a
// fresh CSP nonce per request.
import { randomBytes } from "node:crypto";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { PageHandler } from "./app.ts";
import type { Services } from "./services.ts";

/** What app/entry.server.tsx exports besides its request handler: the context key loaders read. */
type EntryExtras = { appContext: Parameters<RouterContextProvider["set"]>[0] };

export async function pageHandler(build: ServerBuild, services: Services, mode: string): Promise<PageHandler> {
  const handle = createRequestHandler(build, mode === "development" ? "development" : "production");
  const { appContext } = build.entry.module as unknown as EntryExtras;
  return async (request) => {
    const context = new RouterContextProvider();
    context.set(appContext, { services, nonce: randomBytes(16).toString("base64") });
    return handle(request, context);
  };
}
