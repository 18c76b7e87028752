// Fresh, empty places to keep data for a test or a bench run: a database of its own on the machine's
// PostgreSQL server, and a bucket on an S3-compatible server of its own (s3rver, on a free port). Each comes
// with what removes it again.
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import type { S3Config } from "../domain/media/s3-store.ts";

/** The machine's PostgreSQL server (trust auth), through its database "test". */
export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Runs one statement as the server's administrator, on a connection of its own. */
export async function asAdministrator(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database (a whole one: pg_dump and pg_restore work on databases); drop() deletes it. */
export async function scratchDatabase(prefix = "scratch"): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await asAdministrator(`create database ${name}`);
  return { url: PG_URL.replace(/\/[^/]*$/, `/${name}`), drop: () => asAdministrator(`drop database if exists ${name} with (force)`) };
}

/** An S3-compatible server on this machine with one empty bucket; close() stops it and deletes its files. */
export async function scratchBucket(): Promise<{ config: S3Config; directory: string; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "media", configs: [] }],
  });
  const { port } = await server.run();
  const config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "media",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    config,
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The environment that points the site at a bucket. */
export const bucketEnv = (c: S3Config) => ({
  MEDIA_S3_ENDPOINT: c.endpoint,
  MEDIA_S3_BUCKET: c.bucket,
  MEDIA_S3_REGION: c.region,
  MEDIA_S3_ACCESS_KEY_ID: c.accessKeyId,
  MEDIA_S3_SECRET_ACCESS_KEY: c.secretAccessKey,
});
