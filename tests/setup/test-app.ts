// Builds the real app in-process on either engine, with the test dataset loaded by the real loader.
import { randomBytes } from "node:crypto";
import pino from "pino";
import { openDatabase, type DatabaseHandle, type Engine } from "../../db/engine.ts";
import { migrate } from "../../db/migrate.ts";
import { loadContent } from "../../domain/content/loading.ts";
import { contentImages, type PictureStores } from "../../domain/content/images.ts";
import { mediaLibrary } from "../../domain/media/library.ts";
import { diskStore, type MediaStore } from "../../domain/media/store.ts";
import { buildDomain, buildInfrastructure, siteConfig } from "../../server/compose.ts";
import { createApp, type PageHandler } from "../../server/app.ts";
import type { Mailer } from "../../domain/contact/mailer.ts";
import { buildTestContent, buildTestManifest } from "../fixtures/factories.ts";
import { asAdministrator, PG_URL } from "../../harness/scratch-stores.ts";

export const ENGINES: Engine[] = (process.env.TEST_ENGINES?.split(",") as Engine[] | undefined) ?? ["sqlite", "postgres"];
export const TEST_MEDIA_DIR = "data/test-media";
export const TEST_CONTENT_DIR = "tests/fixtures/content";
export const TEST_MEDIA_STORE_DIR = "data/test-media-store";
/** Where the tests' pictures are read and made: the fixtures' content, and a media library on disk. */
export const TEST_MEDIA: PictureStores = {
  contentDir: TEST_CONTENT_DIR,
  mediaDir: TEST_MEDIA_DIR,
  library: mediaLibrary(diskStore(TEST_MEDIA_STORE_DIR)),
};

/** A fresh, empty database: an in-memory SQLite, or a schema of its own on the PostgreSQL server. */
export async function freshDatabase(
  engine: Engine,
  sqlitePath = ":memory:",
): Promise<DatabaseHandle & { url?: string; drop: () => Promise<void> }> {
  if (engine === "sqlite") {
    const handle = openDatabase({ sqlitePath });
    return { ...handle, drop: async () => {} };
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  await asAdministrator(`create schema ${schema}`);
  const url = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const handle = openDatabase({ databaseUrl: url, sqlitePath: "" });
  return {
    ...handle,
    url,
    drop: () => asAdministrator(`drop schema if exists ${schema} cascade`),
  };
}

export const silentLog = pino({ level: "silent" });

export async function seed(handle: DatabaseHandle) {
  await migrate(handle);
  return loadContent(handle, buildTestContent(), {
    image: contentImages(TEST_MEDIA),
    manifest: buildTestManifest(),
  });
}

export async function testApp(
  engine: Engine,
  options: { mailer?: Mailer; contactLimit?: number; clientDir?: string; pages?: PageHandler; mediaStore?: MediaStore } = {},
) {
  const database = await freshDatabase(engine);
  await seed(database);
  const composition = {
    mailer: options.mailer,
    retryMs: 50,
    publicOrigin: "http://site.test",
    contactLimit: options.contactLimit ?? 1000,
    contentDir: TEST_CONTENT_DIR,
    mediaDir: TEST_MEDIA_DIR,
    mediaStore: options.mediaStore ?? TEST_MEDIA.library.store,
  };
  const infrastructure = buildInfrastructure(database, silentLog, composition);
  const domain = buildDomain(database, silentLog, composition, infrastructure);
  const app = createApp({
    domain,
    site: siteConfig(composition),
    library: infrastructure.library,
    log: silentLog,
    version: "test",
    staticMediaDir: "tests/fixtures/static",
    clientDir: options.clientDir,
    pages: options.pages,
  });
  return {
    app,
    domain,
    database,
    async close() {
      await infrastructure.outbox.stop();
      await database.close();
      await database.drop();
    },
  };
}
