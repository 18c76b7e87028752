// Writes the OpenAPI document the server publishes to build/openapi.json (for linting and client generation).
import { mkdirSync, writeFileSync } from "node:fs";
import pino from "pino";
import { openDatabase } from "../db/engine.ts";
import { buildDomain, buildInfrastructure } from "../server/compose.ts";
import { createApp } from "../server/app.ts";

// The document does not depend on data: an empty in-memory database is enough to build the app.
const handle = openDatabase({ sqlitePath: ":memory:" });
const infrastructure = buildInfrastructure(handle, pino({ level: "silent" }));
const app = createApp({
  domain: buildDomain(handle, pino({ level: "silent" }), {}, infrastructure),
  site: {},
  library: infrastructure.library,
  log: pino({ level: "silent" }),
  version: "0.1.0",
  staticMediaDir: "content/media/static",
});
const doc = await (await app.request("/back/api/openapi.json")).text();
await handle.close();
mkdirSync("build", { recursive: true });
writeFileSync(process.argv[2] ?? "build/openapi.json", doc);
