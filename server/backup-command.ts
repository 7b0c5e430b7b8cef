/**
 * `npm run backup [-- <file>]` copies the store (DATABASE_PATH, default data/store.db) into a
 * checked backup file, while the server keeps running; `npm run restore -- <file>` puts a backup
 * back in its place (stop the server first). Both print one line and exit non-zero on failure.
 */
import { readConfig } from './config.ts';
import { backupDatabase, defaultBackupPath, restoreDatabase } from './db/backup.ts';

async function run(command: string | undefined, file: string | undefined): Promise<string> {
  const databasePath = readConfig().options.databasePath;
  if (command === 'backup') {
    const target = file ?? defaultBackupPath(databasePath);
    await backupDatabase(databasePath, target);
    return `backed up ${databasePath} to ${target}`;
  }
  if (command === 'restore' && file !== undefined) {
    restoreDatabase(file, databasePath);
    return `restored ${databasePath} from ${file}`;
  }
  throw new Error('usage: backup-command backup [file] | restore <file>');
}

run(process.argv[2], process.argv[3]).then(
  (done) => console.log(done),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
