// One of the project's npm commands (content:load, content:export...) run as package.json runs it, timed, its
// peak resident memory read from /proc while it runs (VmHWM, the kernel's high-water mark), and killed when
// it outlives its time limit.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export type CommandRun = {
  ms: number;
  /** The highest VmHWM read (every 25 ms): the process's peak resident memory, in bytes. */
  peakRssBytes: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The last 8 kB of its stdout and stderr. */
  output: string;
};

/** The node arguments of `npm run <name>` (package.json's script, which must be a plain `node …` command). */
export function npmScriptArgs(name: string): string[] {
  const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts[name];
  const words = script?.trim().split(/\s+/) ?? [];
  if (words[0] !== "node" || words.some((w) => /[|&;<>$`'"]/.test(w)))
    throw new Error(`npm run ${name} is not a plain node command: ${JSON.stringify(script)}`);
  return words.slice(1);
}

function highWaterMark(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs `npm run <name> [-- args]`'s node command with `env` added, for at most `limitMs`. */
export function runNpmScript(name: string, args: string[], env: Record<string, string>, limitMs: number): Promise<CommandRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [...npmScriptArgs(name), ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-8192);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let peak = 0;
  let timedOut = false;
  const poll = setInterval(() => {
    if (child.pid) peak = Math.max(peak, highWaterMark(child.pid));
  }, 25);
  const limit = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, limitMs);
  return new Promise((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearInterval(poll);
      clearTimeout(limit);
      resolve({ ms: Math.round(performance.now() - started), peakRssBytes: peak, code, signal, timedOut, output });
    };
    child.once("error", (error) => {
      output += `\n${error.message}`;
      finish(null, null);
    });
    child.once("close", finish);
  });
}

/** Why a command did not succeed, in a few words; undefined when it did. */
export function commandFailure(run: CommandRun, limitMs: number): string | undefined {
  if (run.timedOut) return `timed out after ${Math.round(limitMs / 1000)} s`;
  if (run.code === 0) return undefined;
  const oom = /heap out of memory|Allocation failed|JavaScript heap/i.test(run.output);
  if (oom) return `process killed: JavaScript heap out of memory (${run.signal ?? `exit ${run.code}`})`;
  if (run.signal) return `process killed (${run.signal})`;
  const last = run.output.trim().split("\n").slice(-2).join(" ").slice(0, 200);
  return `failed (exit ${run.code}): ${last}`;
}
