// Makes an administrator account and prints its one-time invitation link (valid 72 hours). There is no
// default password: the person opens the link, chooses a password, then sets up two-step verification.
//   npm run admin:create -- --email name@example.org [--name "Full Name"]
import { parseArgs } from "node:util";
import pino from "pino";
import { readEnv } from "../server/env.ts";
import { openDatabase } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import { buildDomain } from "../server/compose.ts";
import { siteOrigin } from "../server/http/allowed-hosts.ts";
import { isWorkspaceError } from "../domain/workspace/service.ts";
import { workspaceMessages } from "../app/i18n/workspace-messages.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email name@example.org [--name "Full Name"]');
  process.exit(2);
}
const env = readEnv();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
await migrate(handle);
const origin = siteOrigin(env);
const domain = buildDomain(handle, pino({ level: "silent" }), { workspaceSecret: env.WORKSPACE_SECRET, workspaceOrigin: origin });
try {
  const { account, path } = await domain.workspace.invite(
    { id: null, email: "admin:create" },
    { email: values.email, name: values.name ?? values.email.split("@")[0], role: "admin", languages: [] },
  );
  console.log(`Administrator ${account.email} created. Open this link within 72 hours to set the password (it works once):`);
  console.log(`${origin}${path}`);
} catch (error) {
  if (!isWorkspaceError(error)) throw error;
  const problems = workspaceMessages("en").problems as Record<string, Record<string, string>>;
  const [group, key] = error.code.split(".");
  console.error(problems[group]?.[key] ?? error.code);
  process.exitCode = 1;
} finally {
  await handle.close();
}
