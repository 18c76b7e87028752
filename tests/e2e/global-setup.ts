// Builds the UI and starts the real server on the seed content, once for all end-to-end tests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../../harness/server-process.ts";
import { buildWebsite } from "../../harness/website.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
    /** The server's database, for commands a test runs against it (npm run admin:create). */
    sqlitePath: string;
    /** The server's media library folder, to see what an upload left there. */
    mediaStoreDir: string;
  }
}

export default async function setup(project: TestProject) {
  // NODE_ENV is "test" inside Vitest; the site under test is the production build.
  buildWebsite();
  const dir = mkdtempSync(join(tmpdir(), "visit-syria-e2e-"));
  // The contact limit is low so the failure path can be reached; media are shared with `npm start`.
  const sqlitePath = join(dir, "site.sqlite");
  const mediaStoreDir = join(dir, "media-store");
  const server = await startServer(
    { SQLITE_PATH: sqlitePath, MEDIA_DIR: "data/media", MEDIA_STORE_DIR: mediaStoreDir, CONTACT_RATE_LIMIT_MAX: "4", LOG_LEVEL: "warn" },
    { timeoutMs: 600_000 },
  );
  project.provide("baseURL", server.url);
  project.provide("sqlitePath", sqlitePath);
  project.provide("mediaStoreDir", mediaStoreDir);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
