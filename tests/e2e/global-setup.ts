// Builds the UI and starts the real server on the seed content, once for all end-to-end tests, with a local
// mail server that keeps every mail the site sends as a file (the workspace's invitations: the contact form's
// messages need recipients, which this server is not given).
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../../harness/server-process.ts";
import { buildWebsite } from "../../harness/website.ts";
import { oneEditorContent } from "../../harness/review-rule.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
    /** The server's database, for commands a test runs against it (npm run admin:create). */
    sqlitePath: string;
    /** The seed content the server was started with, the two-person rule off: for other servers a test starts. */
    contentDir: string;
    /** The server's media library folder, to see what an upload left there. */
    mediaStoreDir: string;
    /** Where every mail the server sent is kept, one .eml file each, in the order they arrived. */
    mailDir: string;
  }
}

export default async function setup(project: TestProject) {
  // NODE_ENV is "test" inside Vitest; the site under test is the production build.
  buildWebsite();
  const dir = mkdtempSync(join(tmpdir(), "visit-syria-e2e-"));
  // The contact limit is low so the failure path can be reached; media are shared with `npm start`.
  const sqlitePath = join(dir, "site.sqlite");
  const mediaStoreDir = join(dir, "media-store");
  const mailDir = join(dir, "mail");
  mkdirSync(mailDir);
  // The seed with the two-person rule off (harness/review-rule.ts): most journeys publish as one editor.
  const contentDir = oneEditorContent(dir);
  const smtp = keptMail(mailDir);
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const server = await startServer(
    {
      SQLITE_PATH: sqlitePath,
      CONTENT_DIR: contentDir,
      MEDIA_DIR: "data/media",
      MEDIA_STORE_DIR: mediaStoreDir,
      CONTACT_RATE_LIMIT_MAX: "4",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: "warn",
    },
    { timeoutMs: 600_000 },
  );
  project.provide("baseURL", server.url);
  project.provide("sqlitePath", sqlitePath);
  project.provide("contentDir", contentDir);
  project.provide("mediaStoreDir", mediaStoreDir);
  project.provide("mailDir", mailDir);
  return async () => {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A mail server without TLS or sign-in that writes each mail it is given, whole, to `dir`. */
function keptMail(dir: string): SMTPServer {
  let count = 0;
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        count += 1;
        writeFileSync(join(dir, `${String(count).padStart(4, "0")}.eml`), Buffer.concat(chunks));
        done();
      });
    },
  });
}
