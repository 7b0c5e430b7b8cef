/**
 * `npm run backup [-- <file>]` copies the store (DATABASE_PATH, default data/store.db) into a
 * checked backup file, while the server keeps running; `npm run restore -- <file>` puts a backup
 * back in its place (stop the server first). Both print one line and exit non-zero on failure.
 * A store on PostgreSQL is the database's own tools' to copy; this says so rather than looking
 * for a file that is not there. Restoring into a store npm run move-to-postgres moved away is going
 * back to SQLite: the move's note is removed once the backup is in place, and the line says so.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { backupDatabase, defaultBackupPath, restoreDatabase } from '../db/backup.ts';
import { clearMovedMark, movedMarkPath, readMovedMark } from '../db/moved-store-mark.ts';
import { isPostgresUrl } from '../db/open-store.ts';
import { fillMessage, serverMessages } from '../messages.ts';

/** The command and its file; `--help` asks for the help, and any other option is a usage mistake, never a file name. */
function readArgs(args: string[]): { command?: string; file?: string; help: boolean } {
  try {
    const { values, positionals } = parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
    if (positionals.length > 2) throw new Error('too many arguments');
    return { command: positionals[0], file: positionals[1], help: values.help === true };
  } catch {
    throw new Error(serverMessages.backupUsage);
  }
}

/** The command's work: its one line when done; an error whose message is the line that says what is wrong. */
export async function backupCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { command, file, help } = readArgs(args);
  if (help) return serverMessages.backupHelp;
  const { databasePath, databaseUrl } = readConfig(env).options;
  // on PostgreSQL neither command applies, whatever it was given: say so before how to use them
  if ((command === 'backup' || command === 'restore') && isPostgresUrl(databaseUrl)) throw new Error(serverMessages.backupOnPostgres);
  if (command !== 'backup' && !(command === 'restore' && file !== undefined)) throw new Error(serverMessages.backupUsage);
  if (command === 'backup') {
    if (!existsSync(databasePath)) throw new Error(fillMessage(serverMessages.backupNoStore, { path: databasePath }));
    const target = file ?? defaultBackupPath(databasePath);
    await backupDatabase(databasePath, target);
    return `backed up ${databasePath} to ${target}`;
  }
  if (!existsSync(file!)) throw new Error(fillMessage(serverMessages.restoreNoBackup, { path: file! }));
  const moved = readMovedMark(databasePath);
  restoreDatabase(file!, databasePath);
  if (moved === null) return fillMessage(serverMessages.restored, { path: databasePath, file: file! });
  // only once the backup is in place: a restore refused (a bad backup, a running server) keeps the note
  clearMovedMark(databasePath);
  return fillMessage(serverMessages.restoredMovedStore, { path: databasePath, file: file!, mark: movedMarkPath(databasePath), target: moved.target, movedOn: moved.movedOn });
}
