// Starts the site: the HTTP server (answering its health checks from the first moment), configuration,
// database and migrations, seed content on an empty database, then the site itself, and a graceful shutdown
// that finishes in-flight requests before closing the database.
import { once } from "node:events";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { boot } from "./boot.ts";
import { createApp } from "./app.ts";
import { pageHandler } from "./pages.ts";
import { readEnv } from "./env.ts";
import { readiness } from "./readiness.ts";
import { startingApp } from "./http/health.ts";
import { metricsApp } from "./http/metrics-route.ts";
import { keepBuildAssets } from "./build-assets.ts";
import { NODE_FLAGS, startedWithRuntimeFlags } from "./runtime.ts";

// The server listens first, so a load balancer sees a live instance that is not ready yet (migrating, loading
// the first content); the site is put behind it once it has started.
const stage = readiness(() => ping(), { stage: "starting" });
let ping: () => Promise<unknown> = async () => {};
// The node server's bindings (its `incoming` request, whose socket gives the client's address) go along.
type Answer = (request: Request, bindings?: unknown) => Response | Promise<Response>;
let answer: Answer = startingApp(stage).fetch;
const bootEnv = readEnv();
const server = serve({ fetch: (request, bindings) => answer(request, bindings), port: bootEnv.PORT, hostname: bootEnv.HOST });
// A port that cannot be had (another process holds it) ends the start here, with its error.
await once(server, "listening");

const { env, log, handle, domain, infrastructure, appBase, stopSchedule, stopRetention, preview, metrics, indexed } = await boot((s) =>
  stage.set(s),
);
// The metrics on an address of their own, when the operator gives one (never the public port without a token).
const metricsServer = metrics && env.METRICS_ADDRESS ? serve({ fetch: metricsApp(metrics).fetch, ...env.METRICS_ADDRESS }) : undefined;

const serverBuild = resolve("build/server/index.js");
const clientDir = "build/client";
const trustProxy = env.TRUST_PROXY === "1";
const pages = existsSync(serverBuild)
  ? await pageHandler(await import(pathToFileURL(serverBuild).href), domain, appBase.site, {
      mode: env.NODE_ENV,
      trustProxy,
      preview,
      onCache: metrics?.pageCache,
    })
  : undefined;
if (!pages) log.warn("no build/ found: pages are not served (run `npm run build`)");
if (!startedWithRuntimeFlags())
  log.warn({ flags: NODE_FLAGS }, "started without the runtime flags of `npm start`: V8 may take far more memory than the site needs");
// This build's scripts stay available to every instance through the store, for pages it served once a newer
// build replaces it. A store that cannot be reached now costs only that: the site still serves its own build.
if (pages)
  await keepBuildAssets(infrastructure.library.store, clientDir).then(
    ({ id, deleted }) => log.info({ build: id, deleted: deleted.length }, "build assets kept in the media store"),
    (error: unknown) => log.error({ err: error }, "could not keep the build's assets in the media store"),
  );

const app = createApp({
  ...appBase,
  clientDir: pages ? clientDir : undefined,
  pages,
  pageMaxAge: env.PAGE_MAX_AGE,
  trustProxy,
  readiness: stage,
});
ping = () => domain.content.version();
answer = app.fetch;
// The site answers now, but a search would wait for the index that boot is building: the instance is sent
// traffic once it is built (or has failed, which boot logs; the first search then tries again).
stage.set("indexing");
await indexed;
stage.set("ready");
const address = server.address();
log.info(
  { url: typeof address === "object" && address ? `http://${address.address}:${address.port}/` : address, engine: handle.engine },
  "listening",
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  // close() stops accepting and resolves once open requests are answered; idle keep-alive sockets go now.
  metricsServer?.close();
  await new Promise<void>((done) => {
    server.close(() => done());
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  });
  stopSchedule();
  await stopRetention();
  await infrastructure.outbox.stop();
  await handle.close();
  clearTimeout(force);
  log.info("stopped");
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
