// What every way of running the site does first: read the configuration, open the database and migrate it,
// build the domain, and load the seed content into an empty database. Used by main.ts (production) and
// dev.ts (npm run dev).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pino from "pino";
import { readEnv } from "./env.ts";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import { loadContentFolder } from "../domain/content/bootstrap.ts";
import { buildDomain, buildInfrastructure, siteConfig } from "./compose.ts";
import { previewer } from "./preview.ts";
import { mediaStoreOf } from "./media-store.ts";
import { siteMetrics } from "./metrics.ts";
import { allowedHosts, siteOrigin } from "./http/allowed-hosts.ts";

/** `onStage` hears when the database is migrated and when the first content is loaded (server/readiness.ts). */
export async function boot(onStage: (stage: "migrating" | "loading-content") => void = () => {}) {
  const env = readEnv();
  const log = pino({ level: env.LOG_LEVEL, base: undefined });
  const version = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version as string;

  // A search answer reads the database up to four times at once (server/api/places/place-answers.ts).
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH, keepConnections: 4 });
  onStage("migrating");
  const applied = await migrate(handle);
  if (applied.length) log.info({ applied, engine: handle.engine }, "migrations applied");

  const metrics = env.METRICS === "on" ? siteMetrics() : undefined;
  const options = {
    observeSearch: metrics?.search,
    smtpUrl: env.SMTP_URL,
    to: env.CONTACT_MAIL_TO,
    from: env.CONTACT_MAIL_FROM,
    // Absolute links come from configuration only, never from a request's Host (server/http/allowed-hosts.ts).
    publicOrigin: siteOrigin(env),
    mapTiles: env.MAP_TILES_URL,
    contactLimit: env.CONTACT_RATE_LIMIT_MAX,
    workspaceSecret: env.WORKSPACE_SECRET,
    linkCheck: env.LINK_CHECK,
    editorsMail: env.EDITORS_MAIL,
    openDataDir: env.OPEN_DATA_DIR,
    statistics: env.STATISTICS === "on",
    workspaceOrigin: siteOrigin(env),
    contentDir: env.CONTENT_DIR,
    mediaDir: env.MEDIA_DIR,
    mediaStore: mediaStoreOf(env),
  };
  const infrastructure = buildInfrastructure(handle, log, options);
  const domain = buildDomain(handle, log, options, infrastructure);
  const site = siteConfig(options);
  // A database made before the workspace has the public tables but no documents: the same load makes them
  // (and, its content being the same, changes nothing the public sees).
  if (!(await domain.editing.hasDocuments())) {
    log.info("no content documents yet: loading the seed content (first start makes the images; later starts reuse them)");
    onStage("loading-content");
    const report = await loadContentFolder(handle, infrastructure.pictureStores);
    log.info(report, "content loaded");
  }
  metrics?.readFrom({ contentVersion: domain.content.version, outbox: infrastructure.outbox.depth, pool: handle.pool });
  infrastructure.outbox.start();
  // The search index is built now, in the background (25 to 40 s at 50,000 places), while the site is put
  // together; main.ts waits for it before it says the instance is ready. If this fails, the first search tries again.
  const indexed = domain.search
    .prepare()
    .catch((error: unknown) => log.warn({ err: error }, "the search index could not be built at start"));
  const stopSchedule = domain.editing.startSchedule((error) => log.error({ err: error }, "scheduled publishing failed"));
  const stopInboxRetention = domain.inbox.startRetention((error) => log.error({ err: error }, "deleting expired contact messages failed"));
  const stopPurge = domain.trash.startPurge((error) => log.error({ err: error }, "purging the trash failed"));
  const stopThinning = domain.versions.startThinning((error) => log.error({ err: error }, "thinning old versions failed"));
  const stopLinkCheck = domain.links.startDaily((error) => log.error({ err: error }, "checking the links failed"));
  const stopWeeklyMail = domain.weeklyMail.start((error) => log.error({ err: error }, "sending the editors' weekly mail failed"));
  const stopStatistics = domain.statistics.start((error) => log.warn({ err: error }, "adding the visit counts failed"));
  const stopRetention = async () => {
    stopInboxRetention();
    stopPurge();
    stopThinning();
    stopLinkCheck();
    stopWeeklyMail();
    // What this instance counted since its last batch is added before it stops.
    await stopStatistics();
  };
  // What the app needs however it is run; main.ts and dev.ts add how pages are made.
  const appBase = {
    domain,
    site,
    library: infrastructure.library,
    log,
    version,
    staticMediaDir: join(env.CONTENT_DIR, "media", "static"),
    metrics,
    metricsToken: env.METRICS_TOKEN,
    allowedHosts: allowedHosts(siteOrigin(env)),
  };
  const preview = previewer(domain, infrastructure, site, log);
  return { env, log, version, handle, domain, infrastructure, appBase, stopSchedule, stopRetention, preview, metrics, indexed };
}
