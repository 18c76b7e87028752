// Two instances of the site on one PostgreSQL database and one S3-compatible bucket (s3rver), behind nginx
// with TLS configured by the deployment guide's own files (docs/deploy/), all on this machine: what the
// several-instances test and its bench drive. Every part is real: the built server as two processes, the
// machine's PostgreSQL, a certificate made by openssl, nginx.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pino from "pino";
import { openDatabase } from "../db/engine.ts";
import type { Editor } from "../domain/content/editing.ts";
import { type S3Config, s3Store } from "../domain/media/s3-store.ts";
import { buildDomain } from "../server/compose.ts";
import { runNginx, type NginxProcess } from "./nginx.ts";
import { oneEditorContent } from "./review-rule.ts";
import { bucketEnv, scratchBucket, scratchDatabase } from "./scratch-stores.ts";
import { freePort, type ServerProcess, startServer } from "./server-process.ts";

const run = promisify(execFile);

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
export type Cluster = {
  a: ServerProcess;
  b: ServerProcess;
  /** The site as a visitor reaches it: https://localhost:<port> through nginx. */
  origin: string;
  /** nginx's plain-HTTP port (it only redirects). */
  httpPort: number;
  databaseUrl: string;
  s3: S3Config;
  /** A request through nginx over TLS (trusting the test's own certificate), on kept-alive connections. */
  https: (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string | Buffer }) => Promise<Answer>;
  /**
   * A request straight to one instance, as nginx passes on a visitor's: the public Host, X-Forwarded-Proto
   * and -For, and the workspace's Origin (fetch may not set Host, so it is made with node:http).
   */
  direct: (instance: "a" | "b", path: string, init?: RequestInit & { cookie?: string }) => Promise<Response>;
  stop: () => Promise<void>;
};

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

/** nginx with the guide's configuration (render-nginx.sh), its files in `dir`. */
async function nginx(dir: string, site: Record<string, string>): Promise<NginxProcess> {
  const { stdout } = await run("sh", ["docs/deploy/render-nginx.sh"], { env: { ...process.env, ...site } });
  // What /etc/nginx/nginx.conf gives a real server (conf.d/ included in http {}), here in the test's folder.
  writeFileSync(join(dir, "visit-syria.conf"), stdout);
  return runNginx(dir, `  include ${join(dir, "visit-syria.conf")};`, `http://127.0.0.1:${site.HTTP_PORT}/healthz`);
}

export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "instances-"));
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
  };
  try {
    const db = await scratchDatabase("instances");
    cleanups.push(db.drop);
    const bucket = await scratchBucket();
    cleanups.push(bucket.close);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const origin = `https://localhost:${httpsPort}`;
    const instanceEnv = {
      DATABASE_URL: db.url,
      SQLITE_PATH: join(dir, "unused.sqlite"),
      ...bucketEnv(bucket.config),
      // A's encoding cache: the seed's pictures an earlier run made are taken from it, not encoded again.
      MEDIA_DIR: "data/media",
      // The seed with the two-person rule off: the change each instance's test makes is one editor's.
      CONTENT_DIR: oneEditorContent(dir),
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
    cleanups.push(proxy.stop);

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
    const servers = { a, b };
    const direct: Cluster["direct"] = async (instance, path, { cookie, ...init } = {}) => {
      // A Request serialises any body (a form, a multipart upload) with its content type.
      const asked = new Request(`${servers[instance].url}${path}`, init);
      const body = Buffer.from(await asked.arrayBuffer());
      const headers: Record<string, string> = {
        ...Object.fromEntries(asked.headers),
        host: new URL(origin).host,
        origin,
        "x-forwarded-proto": "https",
        "x-forwarded-for": "198.51.100.20",
        ...(cookie ? { cookie } : {}),
        "content-length": String(body.length),
      };
      return new Promise((resolve, reject) => {
        const req = httpRequest(asked.url, { method: asked.method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) for (const one of [v ?? []].flat()) h.append(k, one);
            const status = res.statusCode!;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: h }));
          });
        });
        req.on("error", reject);
        req.end(body);
      });
    };
    return { a, b, origin, httpPort, databaseUrl: db.url, s3: bucket.config, https, direct, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * An editor account made in the cluster's database (as an invitation accepted), and the domain the test or
 * bench reads through; then signed in on A through the sign-in form. `cookie` is the session A gave.
 */
export async function editorOn(cluster: Cluster, email: string, password: string) {
  const handle = openDatabase({ databaseUrl: cluster.databaseUrl, sqlitePath: "" });
  const domain = buildDomain(handle, pino({ level: "silent" }), { mediaStore: s3Store(cluster.s3) });
  const { path, account } = await domain.workspace.invite(
    { id: null, email: "harness" },
    { email, name: "Operator", role: "editor", languages: [] },
  );
  await domain.workspace.acceptInvitation(path.split("/").pop()!, password, password);
  const signIn = await cluster.direct("a", "/admin/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const editor: Editor = { id: account.id, email, role: "editor", languages: "" };
  return { domain, editor, signIn, cookie, close: handle.close };
}

/**
 * Publishes or unpublishes a document through A's workspace form, then asks B (every 20 ms) until `seen`
 * says B shows the change. Answers A's answer and the milliseconds from it until B showed the change, or
 * undefined when B did not within `giveUpMs` (a guard against hanging, not a budget: bench/ measures).
 */
export async function changeSeenOnB(
  cluster: Cluster,
  cookie: string,
  change: { type: string; slug: string; intent: "publish" | "unpublish"; revision: number },
  seen: () => Promise<boolean>,
  giveUpMs = 10_000,
): Promise<{ answer: Response; ms?: number }> {
  const answer = await cluster.direct("a", `/admin/content/${change.type}/${change.slug}/publish`, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: change.intent, revision: String(change.revision) }),
  });
  const started = performance.now();
  if (answer.status !== 303) return { answer };
  while (!(await seen())) {
    if (performance.now() - started > giveUpMs) return { answer };
    await new Promise((r) => setTimeout(r, 20));
  }
  return { answer, ms: Math.round(performance.now() - started) };
}

/** What the load asks for through nginx: pages in three languages and an API answer. */
export const LOAD_PATHS = ["/", "/ar", "/back/api/user/language1/languages", "/fr/experiences"];

/**
 * `total` requests through nginx, `concurrency` at a time, and SIGTERM to A once `stopAfter` are answered.
 * Answers the count of each status (or error message), the seconds it took and A's exit code.
 */
export async function loadStoppingA(
  cluster: Cluster,
  { total, concurrency, stopAfter }: { total: number; concurrency: number; stopAfter: number },
) {
  const statuses: Record<string, number> = {};
  let done = 0;
  let next = 0;
  let stopped: Promise<number | null> | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const path = LOAD_PATHS[next++ % LOAD_PATHS.length]!;
        const status = await cluster.https(path).then(
          (r) => String(r.status),
          (e: Error) => e.message,
        );
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (++done === stopAfter) stopped = cluster.a.stop("SIGTERM");
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { statuses, seconds, exitCode: await stopped };
}
