// When the database cannot be reached the API answers 503 with a clear message, and does not crash.
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/engine.ts";
import { buildDomain, buildInfrastructure } from "../../server/compose.ts";
import { createApp } from "../../server/app.ts";
import { silentLog } from "../setup/test-app.ts";

describe("database unavailable", () => {
  it("answers 503 with Retry-After on reads and writes", async () => {
    // Nothing listens on port 1: every query fails to connect.
    const handle = openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/test", sqlitePath: "" });
    const infrastructure = buildInfrastructure(handle, silentLog);
    const domain = buildDomain(handle, silentLog, {}, infrastructure);
    const app = createApp({
      domain,
      site: {},
      library: infrastructure.library,
      log: silentLog,
      version: "test",
      staticMediaDir: "tests/fixtures/static",
    });
    for (const init of [
      undefined,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Rami", email: "r@example.org", subject: "Hello", message: "Is anyone there?" }),
      },
    ]) {
      const res = await app.request(init ? "/back/api/user/contact-admin" : "/back/api/user/language1/languages", init);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toEqual({ message: "The service is temporarily unavailable. Please try again in a moment." });
    }
    await handle.close();
  });
});
