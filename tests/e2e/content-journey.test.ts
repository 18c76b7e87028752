// The ministry edits its own site, in a real browser, in English and in Arabic, on SQLite and on PostgreSQL:
// an admin from the command signs in with TOTP and invites an editor and a translator; the editor creates a
// place in English and Arabic and previews it; the translator adds French and cannot publish; the editor
// publishes; the public page, the search and the mobile app's API show the place in the three languages; the
// audit log lists every step. The time from pressing Publish to the place answering publicly is printed.
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import {
  adminWithTwoStep,
  auditLogListsEveryStep,
  draftInTwoLanguages,
  editorPublishes,
  everyFormSavesUnchanged,
  inviteEditorAndTranslator,
  member,
  previewUnpublished,
  publicInThreeLanguages,
  translatorAddsFrench,
  uploadLibraryVideo,
  type Run,
} from "./content-journey-steps.ts";
import { freshDatabase } from "../setup/test-app.ts";
import { startServer, type ServerProcess } from "../../harness/server-process.ts";
import { workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { NEW_PLACE } from "../fixtures/new-place.ts";

type Site = { base: string; database: Record<string, string> };

/** The PostgreSQL run: the same built server on a schema of its own on the machine's PostgreSQL. */
function postgresSite(): () => Site {
  let server: ServerProcess;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase("postgres");
    await database.close();
    server = await startServer(
      { DATABASE_URL: database.url!, CONTENT_DIR: inject("contentDir"), MEDIA_DIR: "data/media", LOG_LEVEL: "warn" },
      { timeoutMs: 600_000 },
    );
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  return () => ({ base: server.url, database: { DATABASE_URL: database.url! } });
}
const sqliteSite = (): Site => ({ base: baseURL(), database: { SQLITE_PATH: inject("sqlitePath") } });

describe.each([
  ["sqlite", "en", 1280],
  ["sqlite", "ar", 375],
  ["postgres", "en", 375],
  ["postgres", "ar", 1280],
] as const)("content journey on %s in %s at %i px", (engine, language, width) => {
  const { open } = useBrowser();
  const site = engine === "postgres" ? postgresSite() : sqliteSite;
  const t = workspaceMessages(language);

  it("goes from a new draft in two languages to a published place in three, with every step audited", async () => {
    const { base, database } = site();
    const tag = `${engine}-${language}${width}`;
    const slug = `${NEW_PLACE.slug}-${engine}-${language}`;
    const run: Run = { open, base, database, language, width, t, tag, slug };
    const admin = await adminWithTwoStep(run);
    const links = await inviteEditorAndTranslator(run, admin);
    const editor = await member(run, links, "editor");
    await draftInTwoLanguages(run, editor);
    const { itemPath, before } = await previewUnpublished(run, editor);
    const translator = await member(run, links, "translator");
    await translatorAddsFrench(run, translator, itemPath);
    const pressed = await editorPublishes(run, editor, itemPath);
    await publicInThreeLanguages(run, before, pressed);
    await uploadLibraryVideo(run, editor);
    await everyFormSavesUnchanged(run, editor);
    await auditLogListsEveryStep(run, admin, itemPath);
    // (Three people in three browsers, every kind of content and axe on each form: about a minute on two cores.)
  }, 180_000);
});
