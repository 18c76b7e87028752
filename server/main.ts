// Starts the site: configuration, database and migrations, seed content on an empty database, the HTTP
// server, and a graceful shutdown that finishes in-flight requests before closing the database.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import pino from "pino";
import { readEnv } from "./env.ts";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import { loadContentFolder } from "../domain/content/bootstrap.ts";
import { buildServices } from "./services.ts";
import { createApp } from "./app.ts";
import { pageHandler } from "./pages.ts";

const env = readEnv();
const log = pino({ level: env.LOG_LEVEL, base: undefined });
const version = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version as string;

const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
const applied = await migrate(handle);
if (applied.length) log.info({ applied, engine: handle.engine }, "migrations applied");

const services = buildServices(handle, log, { smtpUrl: env.SMTP_URL, to: env.CONTACT_MAIL_TO, from: env.CONTACT_MAIL_FROM, publicOrigin: env.PUBLIC_ORIGIN, contactLimit: env.CONTACT_RATE_LIMIT_MAX });
if ((await services.content.version()) === 0) {
  log.info("empty database: loading the seed content (first start makes the images; later starts reuse them)");
  const report = await loadContentFolder(handle, { contentDir: env.CONTENT_DIR, mediaDir: env.MEDIA_DIR });
  log.info(report, "content loaded");
}
services.outbox.start();

const serverBuild = resolve("build/server/index.js");
const clientDir = "build/client";
const trustProxy = env.TRUST_PROXY === "1";
const pages = existsSync(serverBuild) ? await pageHandler(await import(pathToFileURL(serverBuild).href), services, { mode: env.NODE_ENV, trustProxy }) : undefined;
if (!pages) log.warn("no build/ found: pages are not served (run `npm run build`)");

const app = createApp({
  deps: services, log, version,
  mediaDir: env.MEDIA_DIR, staticMediaDir: join(env.CONTENT_DIR, "media", "static"),
  clientDir: pages ? clientDir : undefined, pages, pageMaxAge: env.PAGE_MAX_AGE,
  trustProxy,
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  log.info({ url: `http://${info.address}:${info.port}/`, engine: handle.engine }, "listening");
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  // close() stops accepting and resolves once open requests are answered; idle keep-alive sockets go now.
  await new Promise<void>((done) => {
    server.close(() => done());
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  });
  await services.outbox.stop();
  await handle.close();
  clearTimeout(force);
  log.info("stopped");
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
