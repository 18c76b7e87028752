// Two instances of the site on one PostgreSQL database and one S3-compatible bucket (s3rver), behind nginx
// with TLS configured by the deployment guide's own files (docs/deploy/), all on this machine: what the
// several-instances test and its bench drive. Every part is real: the built server as two processes, the
// machine's PostgreSQL, a certificate made by openssl, nginx.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import S3rver from "s3rver";
import { freePort, type ServerProcess, startServer } from "./server-process.ts";

const run = promisify(execFile);
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
export type Cluster = {
  a: ServerProcess;
  b: ServerProcess;
  /** The site as a visitor reaches it: https://localhost:<port> through nginx. */
  origin: string;
  /** nginx's plain-HTTP port (it only redirects). */
  httpPort: number;
  databaseUrl: string;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** A request through nginx over TLS (trusting the test's own certificate), on kept-alive connections. */
  https: (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string | Buffer }) => Promise<Answer>;
  stop: () => Promise<void>;
};

async function database(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `instances_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`create database ${name}`);
  return { url: PG_URL.replace(/\/[^/]*$/, `/${name}`), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A self-signed certificate for localhost (the guide's operator uses their own, or Let's Encrypt's). */
async function certificate(dir: string) {
  const cert = join(dir, "site.crt");
  const key = join(dir, "site.key");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost,IP:127.0.0.1",
    "-keyout",
    key,
    "-out",
    cert,
  ]);
  return { cert, key };
}

/** nginx with the guide's configuration (render-nginx.sh), its files in `dir`, in the foreground. */
async function nginx(dir: string, site: Record<string, string>): Promise<ChildProcess> {
  const { stdout } = await run("sh", ["docs/deploy/render-nginx.sh"], { env: { ...process.env, ...site } });
  writeFileSync(join(dir, "visit-syria.conf"), stdout);
  // What /etc/nginx/nginx.conf gives a real server; here every path is the test's own.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${join(dir, t)};`).join("\n  ");
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;\npid ${join(dir, "nginx.pid")};\nerror_log ${join(dir, "error.log")} warn;\nevents { worker_connections 512; }\nhttp {\n  access_log off;\n  ${temp}\n  include ${join(dir, "visit-syria.conf")};\n}\n`,
  );
  const child = spawn("nginx", ["-e", join(dir, "error.log"), "-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (d) => (output += d));
  await new Promise((r) => setTimeout(r, 300));
  if (child.exitCode !== null) throw new Error(`nginx did not start: ${output}${readFileSync(join(dir, "error.log"), "utf8")}`);
  return child;
}

export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "instances-"));
  // nginx's workers (nobody, when it runs as root) write their temporary files here.
  chmodSync(dir, 0o777);
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
  };
  try {
    const db = await database();
    cleanups.push(db.drop);
    const s3rver = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: join(dir, "s3"),
      configureBuckets: [{ name: "media", configs: [] }],
    });
    const { port: s3Port } = await s3rver.run();
    cleanups.push(() => s3rver.close());
    const s3 = { endpoint: `http://127.0.0.1:${s3Port}`, bucket: "media", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const origin = `https://localhost:${httpsPort}`;
    const instanceEnv = {
      DATABASE_URL: db.url,
      SQLITE_PATH: join(dir, "unused.sqlite"),
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_BUCKET: s3.bucket,
      MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      // A's encoding cache: the seed's pictures an earlier run made are taken from it, not encoded again.
      MEDIA_DIR: "data/media",
      PUBLIC_ORIGIN: origin,
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
      ...env,
    };
    // A first, on the empty database (it migrates and loads the seed content); then B, on what A made.
    const a = await startServer(instanceEnv, { timeoutMs: 600_000 });
    cleanups.push(() => a.stop("SIGKILL"));
    // B is another machine: its own (empty) encoding cache, so every picture it serves comes from the bucket.
    const b = await startServer({ ...instanceEnv, MEDIA_DIR: join(dir, "b-media") }, { timeoutMs: 120_000 });
    cleanups.push(() => b.stop("SIGKILL"));

    const { cert, key } = await certificate(dir);
    const proxy = await nginx(dir, {
      SERVER_NAME: "localhost",
      CERTIFICATE: cert,
      CERTIFICATE_KEY: key,
      UPSTREAMS: [a, b].map((s) => new URL(s.url).host).join(" "),
      HTTPS_PORT: String(httpsPort),
      HTTP_PORT: String(httpPort),
    });
    cleanups.push(async () => {
      proxy.kill("SIGQUIT");
      if (proxy.exitCode === null) await once(proxy, "exit");
    });

    const agent = new Agent({ ca: readFileSync(cert), keepAlive: true, maxSockets: 32 });
    cleanups.push(async () => agent.destroy());
    const https: Cluster["https"] = (path, init = {}) =>
      new Promise((resolve, reject) => {
        const req = request(`${origin}${path}`, { agent, method: init.method ?? "GET", headers: init.headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(init.body);
      });
    return { a, b, origin, httpPort, databaseUrl: db.url, s3, https, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
