// Starts the real server (node server/main.ts, with the flags `npm start` gives it) as a child process on a free port, for restart and signal tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { NODE_FLAGS, PROCESS_ENV } from "../server/runtime.ts";

const MAIN = fileURLToPath(new URL("../server/main.ts", import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

async function reachable(port: number, path: string): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return res.ok;
  } catch {
    return false;
  }
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * `cwd` is where the server looks for build/ (the project by default; the bench's Lighthouse uses a copy).
 * `until`: "ready" waits for the site (GET /readyz); "live" only for the process to answer (GET /healthz).
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 120_000, cwd = process.cwd(), until = "ready" as "ready" | "live" } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    cwd,
    env: { ...process.env, ...PROCESS_ENV, LOG_LEVEL: "info", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + timeoutMs;
  // Wait for the listening line (LOG_LEVEL may hide info lines, so also poll the port).
  const path = until === "ready" ? "/readyz" : "/healthz";
  while (!(until === "ready" && output.includes('"msg":"listening"')) && !(await reachable(port, path))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await once(child, "exit");
      return code as number | null;
    },
  };
}
