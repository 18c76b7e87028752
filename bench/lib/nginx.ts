// Debian's nginx serving saved answers from files, as the physical limit a page server can be compared with:
// a foreground child with its config, pid and logs in a scratch folder, stopped by the caller (and at exit).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "../../harness/server-process.ts";

const NGINX = "/usr/sbin/nginx";
/** nginx adds these itself (or they belong to the connection), so they are not copied from the saved answer. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "content-type", "server"]);

export type SavedAnswer = { path: string; body: Uint8Array; headers: Record<string, string> };
export type Nginx = { url: string; stop: () => Promise<void> };

function quoted(value: string): string {
  // nginx expands $variables in add_header and has no escape for "$"; none of our headers has one.
  if (value.includes("$")) throw new Error(`header value with "$" cannot be copied into nginx.conf: ${value}`);
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function config(dir: string, port: number, answers: SavedAnswer[]): string {
  const locations = answers.map((a, i) => {
    const file = join(dir, "www", `answer-${i}`);
    writeFileSync(file, a.body);
    const copied = Object.entries(a.headers).filter(([k]) => !OWN_HEADERS.has(k.toLowerCase()));
    return [
      `    location = ${a.path} {`,
      `      alias ${file};`,
      `      default_type ${quoted(a.headers["content-type"] ?? "text/html")};`,
      ...copied.map(([k, v]) => `      add_header ${k} ${quoted(v)} always;`),
      "    }",
    ].join("\n");
  });
  // As root, workers would drop to "nobody", who cannot enter the private scratch folder.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : "";
  return `# Written by bench/lib/nginx.ts for one bench run.
worker_processes auto;
${user}
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  etag off;
  server_tokens off;
  keepalive_requests 1000000;
  client_body_temp_path ${join(dir, "tmp", "body")};
  proxy_temp_path ${join(dir, "tmp", "proxy")};
  fastcgi_temp_path ${join(dir, "tmp", "fastcgi")};
  uwsgi_temp_path ${join(dir, "tmp", "uwsgi")};
  scgi_temp_path ${join(dir, "tmp", "scgi")};
  types {}
  server {
    listen 127.0.0.1:${port};
${locations.join("\n")}
    location / { return 404; }
  }
}
`;
}

export async function startNginx(scratchDir: string, answers: SavedAnswer[]): Promise<Nginx> {
  const dir = join(scratchDir, "nginx");
  mkdirSync(join(dir, "www"), { recursive: true });
  mkdirSync(join(dir, "tmp"), { recursive: true });
  const port = await freePort();
  const confPath = join(dir, "nginx.conf");
  writeFileSync(confPath, config(dir, port, answers));
  const child = spawn(NGINX, ["-p", dir, "-c", confPath, "-e", join(dir, "error.log")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const killAtExit = () => child.kill("SIGKILL");
  process.once("exit", killAtExit);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${url}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  async function stop() {
    process.removeListener("exit", killAtExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    // TERM is nginx's fast shutdown: the master stops its workers, then itself.
    child.kill("SIGTERM");
    const timer = new Promise((r) => setTimeout(r, 5_000).unref());
    if ((await Promise.race([exited.then(() => "exited"), timer])) !== "exited") child.kill("SIGKILL");
  }
  if (
    child.exitCode !== null ||
    !(await fetch(`${url}/`).then(
      () => true,
      () => false,
    ))
  ) {
    await stop();
    const log = (() => {
      try {
        return readFileSync(join(dir, "error.log"), "utf8");
      } catch {
        return "";
      }
    })();
    throw new Error(`nginx did not start on ${url}:\n${stderr}\n${log}`);
  }
  return { url, stop };
}
