// Writes a backup of everything that is not in git (the database and the media store) into a new folder:
//   npm run backup -- [folder]          (default: backups/<date and time>)
// Safe while the site runs. The configuration is the site's own (DATABASE_URL or SQLITE_PATH, MEDIA_*).
import { join } from "node:path";
import { readEnv } from "../server/env.ts";
import { makeBackup } from "../server/backup.ts";

const dir = process.argv[2] ?? join("backups", new Date().toISOString().replace(/[:.]/g, "-"));
try {
  const report = await makeBackup(readEnv(), dir);
  console.log(
    `backup written to ${report.dir}: the ${report.engine} database and ${report.mediaFiles} media files (${report.bytes} bytes)`,
  );
  if (process.env.WORKSPACE_SECRET)
    console.log("WORKSPACE_SECRET is set: keep it with the backup, or the restored two-factor secrets cannot be read.");
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
