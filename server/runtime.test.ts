import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS, PROCESS_ENV, startedWithRuntimeFlags } from "./runtime.ts";

describe("the server's runtime flags", () => {
  it("are those `npm start` uses", () => {
    const start: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
    const command = start.slice(start.lastIndexOf("&&") + 2).trim();
    expect(command).toBe(
      `${Object.entries(PROCESS_ENV)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")} node ${NODE_FLAGS.join(" ")} server/main.ts`,
    );
  });

  it("are recognised on the command line, and missed when one is absent", () => {
    expect(startedWithRuntimeFlags([...NODE_FLAGS])).toBe(true);
    expect(startedWithRuntimeFlags(NODE_FLAGS.slice(0, -1))).toBe(false);
    expect(startedWithRuntimeFlags([])).toBe(false);
  });

  it("start a Node that accepts them", () => {
    const run = spawnSync(process.execPath, [...NODE_FLAGS, "-e", "process.stdout.write('ok')"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("ok");
  });
});
