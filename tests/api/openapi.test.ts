import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("OpenAPI document", () => {
  it("passes the Redocly linter", () => {
    const run = spawnSync("npm", ["run", "--silent", "openapi:lint"], { encoding: "utf8" });
    expect(run.stdout + run.stderr).toContain("Your API description is valid");
    expect(run.status).toBe(0);
  }, 60_000);
});
