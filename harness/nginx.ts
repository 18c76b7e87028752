// Debian's nginx as a foreground child, with its configuration, pid, logs and temporary files in a folder of
// its own: what the throughput bench compares the site with, and the proxy in front of the two-instance test.
// The caller gives the inside of the http {} block and a URL that answers once nginx is up.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";

const NGINX = "/usr/sbin/nginx";

export type NginxProcess = { stop: () => Promise<void> };

export async function runNginx(dir: string, http: string, probe: string): Promise<NginxProcess> {
  mkdirSync(join(dir, "tmp"), { recursive: true });
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${join(dir, "tmp", t)};`);
  // As root, workers would drop to "nobody", who cannot enter the private scratch folder.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : "";
  const confPath = join(dir, "nginx.conf");
  writeFileSync(
    confPath,
    [
      "worker_processes auto;",
      user,
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "daemon off;",
      "events { worker_connections 4096; }",
      "http {",
      "  access_log off;",
      "  server_tokens off;",
      ...temp,
      http,
      "}",
      "",
    ].join("\n"),
  );
  const child = spawn(NGINX, ["-p", dir, "-c", confPath, "-e", join(dir, "error.log")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const killAtExit = () => child.kill("SIGKILL");
  process.once("exit", killAtExit);

  async function stop() {
    process.removeListener("exit", killAtExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    // TERM is nginx's fast shutdown: the master stops its workers, then itself.
    child.kill("SIGTERM");
    const timer = new Promise((r) => setTimeout(r, 5_000).unref());
    if ((await Promise.race([exited.then(() => "exited"), timer])) !== "exited") child.kill("SIGKILL");
  }
  // Any answer (a redirect too) means nginx is up.
  const answers = () =>
    fetch(probe, { redirect: "manual" }).then(
      () => true,
      () => false,
    );
  const deadline = Date.now() + 10_000;
  while (child.exitCode === null && !(await answers()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (child.exitCode !== null || !(await answers())) {
    await stop();
    const log = existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : "";
    throw new Error(`nginx did not start (${probe}):\n${stderr}\n${log}`);
  }
  return { stop };
}
