// A PostgreSQL server of our own for fault tests: its own data folder under os.tmpdir(), trust auth, only on
// 127.0.0.1 and a free port (never 5432: the machine's shared server must never be touched), stopped and
// started on demand, and deleted at the end. initdb refuses to run as root, so as root every command runs
// as the `postgres` system user, which then owns the folder.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process.ts";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const SHARED_PORT = 5432;
const run = promisify(execFile);

export type ScratchPostgres = {
  url: string;
  port: number;
  dir: string;
  /** `pg_ctl stop -m fast`: sessions are ended, in-flight queries fail. */
  stop: () => Promise<void>;
  /** `pg_ctl start -w`: resolves once the server accepts connections. */
  start: () => Promise<void>;
  /** Stops the server if it runs and deletes its folder; safe to call twice. */
  destroy: () => Promise<void>;
  log: () => string;
};

const asRoot = process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** The command line, run as `postgres` when we are root. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), "visit-syria-pg-"));
  const data = join(dir, "data");
  const logFile = join(dir, "server.log");
  let port = await freePort();
  for (let i = 0; i < 5 && port === SHARED_PORT; i++) port = await freePort();
  if (port === SHARED_PORT) throw new Error("no free port other than 5432");

  const pgCtl = async (args: string[]) => {
    const [cmd, argv] = asPostgres(join(BIN, "pg_ctl"), ["-D", data, ...args]);
    await run(cmd, argv, { timeout: 60_000 });
  };
  let running = false;
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    process.off("exit", destroyOnExit);
    try {
      if (running) await pgCtl(["stop", "-m", "immediate", "-w"]);
    } catch {
      // Already gone: nothing to stop.
    }
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  // If the caller dies before its finally runs, the server must not outlive it.
  function destroyOnExit() {
    try {
      if (running) {
        const [cmd, argv] = asPostgres(join(BIN, "pg_ctl"), ["-D", data, "stop", "-m", "immediate", "-w"]);
        execFileSync(cmd, argv, { stdio: "ignore", timeout: 30_000 });
      }
    } catch {
      // Best effort at exit.
    }
    rmSync(dir, { recursive: true, force: true });
  }
  process.on("exit", destroyOnExit);

  try {
    if (asRoot) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    const [cmd, argv] = asPostgres(join(BIN, "initdb"), [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    await run(cmd, argv, { timeout: 120_000 });
    // The socket goes in our folder too, so nothing under /var/run/postgresql is touched.
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`;
    const start = async () => {
      await pgCtl(["start", "-w", "-t", "60", "-l", logFile, "-o", options]);
      running = true;
    };
    const stop = async () => {
      await pgCtl(["stop", "-m", "fast", "-w", "-t", "60"]);
      running = false;
    };
    await start();
    const log = () => {
      try {
        return readFileSync(logFile, "utf8");
      } catch {
        return "";
      }
    };
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, start, stop, destroy, log };
  } catch (error) {
    await destroy();
    throw error;
  }
}
