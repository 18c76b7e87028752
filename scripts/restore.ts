// Brings a backup (npm run backup) back into an empty installation: a new database and an empty media store.
//   npm run restore -- <folder>
// Every file is checked against the backup's manifest first; a refused restore changes nothing.
import { readEnv } from "../server/env.ts";
import { restoreBackup, RestoreRefused } from "../server/backup.ts";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: npm run restore -- <backup folder>");
  process.exit(2);
}
try {
  const report = await restoreBackup(readEnv(), dir);
  console.log(`restored from ${report.dir}: the ${report.engine} database and ${report.mediaFiles} media files (${report.bytes} bytes)`);
} catch (error) {
  console.error(`restore ${error instanceof RestoreRefused ? "refused" : "failed"}: ${(error as Error).message}`);
  process.exitCode = 1;
}
