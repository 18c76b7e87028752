// `npm run backup` and `npm run restore`, the commands an operator runs, on both engines: an installation
// with content an editor changed and published, an uploaded photograph, contact messages, an account and its
// audit entries is backed up, restored into a new database and an empty store, and everything is found there:
// the account signs in with its password. A restore over a non-empty installation, or from a damaged backup,
// is refused and changes nothing.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { isEmptyDatabase } from "../../db/backup.ts";
import { type DatabaseHandle, type Engine, openDatabase } from "../../db/engine.ts";
import { migrate } from "../../db/migrate.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { contentImages } from "../../domain/content/images.ts";
import { loadContent } from "../../domain/content/loading.ts";
import { diskStore, type MediaStore } from "../../domain/media/store.ts";
import { buildDomain, buildInfrastructure } from "../../server/compose.ts";
import { buildTestContent, buildTestManifest } from "../fixtures/factories.ts";
import { photo, photoDetails } from "../fixtures/uploads.ts";
import { bucketEnv, scratchBucket, scratchDatabase } from "../../harness/scratch-stores.ts";
import { s3Store } from "../../domain/media/s3-store.ts";
import { silentLog, TEST_CONTENT_DIR, TEST_MEDIA_DIR } from "../setup/test-app.ts";

const run = promisify(execFile);
const PASSWORD = "a long and careful passphrase";
const EMAIL = "archivist@example.org";
const message = (n: number) => ({
  name: `Sender ${n}`,
  email: "sender@example.org",
  subject: `Question ${n}`,
  message: "When is the citadel open?",
});

type Installation = { env: Record<string, string>; store: MediaStore; database: () => DatabaseHandle };

/** A new, empty installation: a database and a media store of its own. */
async function installation(engine: Engine, cleanups: (() => Promise<void>)[]): Promise<Installation> {
  const common = { CONTENT_DIR: TEST_CONTENT_DIR, MEDIA_DIR: TEST_MEDIA_DIR, LOG_LEVEL: "silent" };
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "install-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const env = { ...common, SQLITE_PATH: join(dir, "site.sqlite"), MEDIA_STORE_DIR: join(dir, "store") };
    return { env, store: diskStore(env.MEDIA_STORE_DIR), database: () => openDatabase({ sqlitePath: env.SQLITE_PATH }) };
  }
  const database = await scratchDatabase("install");
  const bucket = await scratchBucket();
  cleanups.push(bucket.close, database.drop);
  const env = { ...common, DATABASE_URL: database.url, SQLITE_PATH: "unused.sqlite", ...bucketEnv(bucket.config) };
  return { env, store: s3Store(bucket.config), database: () => openDatabase({ databaseUrl: database.url, sqlitePath: "" }) };
}

const npmRun = (script: "backup" | "restore", dir: string, env: Record<string, string>) =>
  run(process.execPath, [`scripts/${script}.ts`, dir], { env: { ...process.env, ...env } }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );

/** Every file of a store and a hash of its bytes. */
async function filesOf(store: MediaStore) {
  const files: Record<string, string> = {};
  for (const key of await store.list())
    files[key] = createHash("sha256")
      .update((await store.get(key))!.body)
      .digest("hex");
  return files;
}

describe.each([
  ["sqlite", "disk"],
  ["postgres", "s3"],
] as const)("backup and restore on %s with a %s store", (engine, _store) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("restores content, messages, an account, the audit log and the media into a new installation", { timeout: 180_000 }, async () => {
    const source = await installation(engine, cleanups);
    const handle = source.database();
    await migrate(handle);
    const infrastructure = buildInfrastructure(handle, silentLog, {
      contentDir: TEST_CONTENT_DIR,
      mediaDir: TEST_MEDIA_DIR,
      mediaStore: source.store,
    });
    const domain = buildDomain(handle, silentLog, {}, infrastructure);
    await loadContent(handle, buildTestContent(), { image: contentImages(infrastructure.pictureStores), manifest: buildTestManifest() });

    const cli = { id: null, email: "command line" };
    const { path } = await domain.workspace.invite(cli, { email: EMAIL, name: "Archivist", role: "editor", languages: [] });
    const account = await domain.workspace.acceptInvitation(path.split("/").pop()!, PASSWORD, PASSWORD);
    const editor: Editor = { id: account.id, email: EMAIL, role: "editor", languages: "" };
    const [first] = await domain.editing.list(editor, "site");
    const item = await domain.editing.item(editor, "site", first!.slug);
    const draft = structuredClone(item.draft) as { name: Record<string, string> };
    draft.name.en = "The citadel, as restored";
    const revision = await domain.editing.save(editor, "site", first!.slug, item.revision, draft);
    await domain.editing.publish(editor, "site", first!.slug, revision);
    await domain.pictures.upload(editor, photo(), photoDetails("krak-from-the-south-west"));
    for (const n of [1, 2]) await domain.contact.submit(`client-${n}`, message(n));

    const placeId = async (h: DatabaseHandle) =>
      (await h.db.selectFrom("places").select("id").where("slug", "=", first!.slug).executeTakeFirstOrThrow()).id;
    const snapshot = async (d: ReturnType<typeof buildDomain>, h: DatabaseHandle) => ({
      messages: await d.inbox.list({ id: account.id, email: "admin@example.org", role: "admin" }, {}),
      audit: await d.workspace.audit({ limit: 1000, offset: 0 }),
      place: (await d.content.place("en", await placeId(h)))?.name,
      pictures: (await d.editing.list(editor, "picture")).map((p) => p.slug),
      version: await d.content.version(),
    });
    const before = await snapshot(domain, handle);
    expect(before.messages.messages).toHaveLength(2);
    expect(before.place).toBe("The citadel, as restored");
    expect(before.audit.map((e) => e.action)).toEqual(expect.arrayContaining(["account.invite", "content.publish", "media.upload"]));
    const media = await filesOf(source.store);
    expect(Object.keys(media).some((k) => k.startsWith("site/"))).toBe(true);
    expect(Object.keys(media).some((k) => k.startsWith("library/krak-from-the-south-west"))).toBe(true);
    await handle.close();

    const backupDir = join(mkdtempSync(join(tmpdir(), "backup-")), "nightly");
    cleanups.push(async () => rmSync(join(backupDir, ".."), { recursive: true, force: true }));
    const backup = await npmRun("backup", backupDir, source.env);
    expect(backup).toMatchObject({ code: 0, out: expect.stringContaining(`backup written to ${backupDir}: the ${engine} database`) });

    const target = await installation(engine, cleanups);
    const restore = await npmRun("restore", backupDir, target.env);
    expect(restore).toMatchObject({ code: 0, out: expect.stringContaining(`${Object.keys(media).length} media files`) });

    const restored = target.database();
    cleanups.push(restored.close);
    const again = buildDomain(restored, silentLog, { contentDir: TEST_CONTENT_DIR, mediaDir: TEST_MEDIA_DIR, mediaStore: target.store });
    expect(await snapshot(again, restored)).toEqual(before);
    expect(await filesOf(target.store)).toEqual(media);
    const signIn = await again.workspace.signIn({ email: EMAIL, password: PASSWORD, client: "203.0.113.7", headers: new Headers() });
    expect(signIn.outcome).toBe("signed-in");

    // Restoring over an installation that has data is refused, and changes nothing.
    const over = await npmRun("restore", backupDir, target.env);
    expect(over).toMatchObject({ code: 1, out: expect.stringContaining("restore refused: the database is not empty") });

    // A damaged backup is refused before anything is written.
    const damagedKey = Object.keys(media).find((k) => k.startsWith("library/"))!;
    writeFileSync(
      join(backupDir, "media", damagedKey),
      Buffer.concat([readFileSync(join(backupDir, "media", damagedKey)), Buffer.from("x")]),
    );
    const empty = await installation(engine, cleanups);
    const damaged = await npmRun("restore", backupDir, empty.env);
    expect(damaged).toMatchObject({ code: 1, out: expect.stringContaining(`media/${damagedKey} is missing or damaged`) });
    expect(await isEmptyDatabase({ databaseUrl: empty.env.DATABASE_URL, sqlitePath: empty.env.SQLITE_PATH })).toBe(true);
    expect(await empty.store.list()).toEqual([]);
  });
});
