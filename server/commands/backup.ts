/**
 * `npm run backup [-- <file>]` copies the store (DATABASE_PATH, default data/store.db) into a
 * checked backup file, while the server keeps running; `npm run restore -- <file>` puts a backup
 * back in its place (stop the server first). Both print one line and exit non-zero on failure.
 * A store on PostgreSQL is the database's own tools' to copy; this says so rather than looking
 * for a file that is not there. Restoring into a store npm run move-to-postgres moved away is going
 * back to SQLite: the move's note is removed once the backup is in place, and the line says so.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { backupDatabase, defaultBackupPath, restoreDatabase } from '../db/backup.ts';
import { clearMovedMark, movedMarkPath, readMovedMark } from '../db/moved-store-mark.ts';
import { isPostgresUrl } from '../db/open-store.ts';
import { fillMessage, serverMessages } from '../messages.ts';

/** The command and its file; `--help` asks for the help, and any other option is a usage mistake, never a file name. */
function readArgs(args: string[]): { command?: string; file?: string; help: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs names the option ("Unknown option '--force'"); its first sentence, then the usage
    const problem = (error as Error).message.split('. ')[0]?.replace(/\.$/, '') ?? '';
    throw new Error(problem === '' ? serverMessages.backupUsage : fillMessage(serverMessages.backupUnknownOption, { problem, usage: serverMessages.backupUsage }));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 2) throw new Error(serverMessages.backupUsage);
  return { command: positionals[0], file: positionals[1], help: values.help === true };
}

/** The same file on disk: one path through a link, or the other name of a hard link, included. */
function sameFile(a: string, b: string): boolean {
  try {
    const [one, other] = [statSync(a), statSync(b)];
    return one.dev === other.dev && one.ino === other.ino;
  } catch {
    const real = (path: string): string => {
      try {
        return realpathSync(path);
      } catch {
        return resolve(path);
      }
    };
    return real(a) === real(b);
  }
}

/** Whether `file` is the store or one of its journals, which a running server has open. */
function isStoreFile(file: string, databasePath: string): boolean {
  return ['', '-wal', '-shm', '-journal'].some((suffix) => sameFile(file, `${databasePath}${suffix}`));
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

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
    if (isStoreFile(target, databasePath)) throw new Error(fillMessage(serverMessages.backupOverStore, { file: target, path: databasePath }));
    if (isFolder(target)) throw new Error(fillMessage(serverMessages.backupIntoFolder, { file: target, example: join(target, 'store.db') }));
    await backupDatabase(databasePath, target);
    return `backed up ${databasePath} to ${target}`;
  }
  if (!existsSync(file!)) throw new Error(fillMessage(serverMessages.restoreNoBackup, { path: file! }));
  if (isFolder(file!)) throw new Error(fillMessage(serverMessages.restoreFromFolder, { file: file! }));
  if (isStoreFile(file!, databasePath)) throw new Error(fillMessage(serverMessages.restoreFromStore, { file: file!, path: databasePath }));
  const moved = readMovedMark(databasePath);
  restoreDatabase(file!, databasePath);
  if (moved === null) return fillMessage(serverMessages.restored, { path: databasePath, file: file! });
  // only once the backup is in place: a restore refused (a bad backup, a running server) keeps the note
  clearMovedMark(databasePath);
  return fillMessage(serverMessages.restoredMovedStore, { path: databasePath, file: file!, mark: movedMarkPath(databasePath), target: moved.target, movedOn: moved.movedOn });
}
