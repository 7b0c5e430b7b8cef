/**
 * `npm run backup [-- <file>]` copies the store (DATABASE_PATH, default data/store.db) into a
 * checked backup file, and the shop's files (uploaded images, product files) into `<file>.files`
 * beside it, while the server keeps running; `npm run restore -- <file>` puts a backup back in
 * place (stop the server first). Both print one line and exit non-zero on failure.
 * On PostgreSQL the database is pg_dump's to copy, but the shop's files are still on this disk:
 * there the commands copy and put back those files alone, in a folder, and say the database is not
 * in it. Restoring into a store npm run move-to-postgres moved away is going back to SQLite: the
 * move's note is removed once the backup is in place, and the line says so.
 */
import { existsSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { missingUploadsNotices } from '../admin/missing-uploads.ts';
import { readConfig } from '../config.ts';
import { backupDatabase, defaultBackupPath, restoreDatabase } from '../db/backup.ts';
import { clearMovedMark, movedMarkPath, readMovedMark } from '../db/moved-store-mark.ts';
import { isPostgresUrl, openStore } from '../db/open-store.ts';
import type { Store } from '../db/store.ts';
import type { AppOptions } from '../deps.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import {
  backupFilesFolder, backupShopFiles, holdsShopFiles, refuseRestoreOutside, restoreShopFiles, shopFolderOverlapping, type FilesBackedUp, type FilesRestored, type ShopFolders,
} from '../shop-files-backup.ts';
import { productFilesDir, uploadsDir } from '../store-folders.ts';
import { progressLine } from './progress-line.ts';

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

/** "1 file", "12 files". */
function fileCount(count: number): string {
  return count === 1 ? serverMessages.fileCountOne : fillMessage(serverMessages.fileCountMany, { count });
}

/** The shop's files copied into `folder`, with a progress line while a large copy runs. */
function copyShopFiles(folders: ShopFolders, folder: string): FilesBackedUp {
  const progress = progressLine(serverMessages.backupProgress);
  try {
    return backupShopFiles(folders, folder, progress.report);
  } finally {
    progress.end();
  }
}

/** The shop's files put back from `folder`, with a progress line while a large restore runs. */
function putBackShopFiles(folder: string, folders: ShopFolders): FilesRestored {
  const progress = progressLine(serverMessages.restoreProgress);
  try {
    return restoreShopFiles(folder, folders, progress.report);
  } finally {
    progress.end();
  }
}

/** What a backup did with the files, for its line: how many, where, and any left out. */
function filesBackedUpText(done: FilesBackedUp, folder: string, folders: ShopFolders): string {
  const text = done.copied === 0
    ? fillMessage(serverMessages.noFilesToBackUp, { uploads: folders.uploads, productFiles: folders['product-files'] })
    : fillMessage(serverMessages.filesBackedUp, { count: fileCount(done.copied), folder });
  return done.leftOut === 0 ? text : fillMessage(serverMessages.filesLeftOut, { files: text, count: fileCount(done.leftOut) });
}

function filesRestoredText(done: FilesRestored, folders: ShopFolders): string {
  return fillMessage(serverMessages.filesRestored, { count: fileCount(done.restored), unchanged: fileCount(done.unchanged), uploads: folders.uploads, productFiles: folders['product-files'] });
}

/** A backup of the files never goes inside the shop's folders, nor over them: checked before anything is copied. */
function refuseOverlap(folder: string, folders: ShopFolders): void {
  const shopFolder = shopFolderOverlapping(folder, folders);
  if (shopFolder !== undefined) throw new Error(fillMessage(serverMessages.backupFilesInShopFolder, { folder, shopFolder }));
}

/** The default folder of a files-only backup (PostgreSQL): beside the uploads folder, stamped with the time. */
function defaultFilesBackupPath(folders: ShopFolders, now = new Date()): string {
  return join(dirname(folders.uploads), 'backups', `files-${now.toISOString().replace(/[:.]/g, '-')}`);
}

/**
 * On PostgreSQL: the database is pg_dump's, so a backup is the shop's files alone, in a folder of
 * its own (never written into an existing one: it might be anything), and a restore takes such a
 * folder; a SQLite backup file is refused there, as it cannot go into PostgreSQL.
 */
async function filesOnlyCommand(command: 'backup' | 'restore', file: string | undefined, folders: ShopFolders, options: AppOptions): Promise<string> {
  const uploads = folders.uploads;
  const productFiles = folders['product-files'];
  if (command === 'backup') {
    const target = file ?? defaultFilesBackupPath(folders);
    refuseOverlap(target, folders);
    if (existsSync(target)) throw new Error(fillMessage(serverMessages.backupFolderExists, { folder: target }));
    const done = copyShopFiles(folders, target);
    if (done.copied === 0) return fillMessage(serverMessages.noFilesOnPostgres, { uploads, productFiles });
    const files = done.leftOut === 0 ? fileCount(done.copied) : fillMessage(serverMessages.filesLeftOut, { files: fileCount(done.copied), count: fileCount(done.leftOut) });
    // as on SQLite: files the store names that the folders lack are not in the backup either
    const missing = await missingFilesOnPostgres(options);
    return [fillMessage(serverMessages.backedUpFilesOnPostgres, { files, uploads, productFiles, folder: target }), ...missing].join('; ');
  }
  if (file === undefined) throw new Error(serverMessages.backupUsage);
  if (!existsSync(file)) throw new Error(fillMessage(serverMessages.restoreNoBackup, { path: file }));
  if (!isFolder(file)) throw new Error(fillMessage(serverMessages.restoreFileOnPostgres, { file }));
  if (!holdsShopFiles(file)) throw new Error(fillMessage(serverMessages.restoreFolderWithoutFiles, { folder: file }));
  return fillMessage(serverMessages.restoredFilesOnPostgres, { folder: file, files: filesRestoredText(putBackShopFiles(file, folders), folders) });
}

/**
 * The start-up check of the files the store names (missing-uploads.ts), asked of the PostgreSQL
 * store read-only: its warnings, if any; none when the database cannot be read now (the files are
 * backed up all the same).
 */
async function missingFilesOnPostgres(options: AppOptions): Promise<string[]> {
  const { store } = openStore({ ...options, readOnly: true, databasePoolSize: 1 });
  try {
    return (await missingUploadsNotices(store, options, 'backup')).map((notice) => notice.message);
  } finally {
    await store.close().catch(() => undefined);
  }
}

/** The start-up check of the files the store names (missing-uploads.ts), run on the backup just made: its warnings, if any. */
async function missingFilesNotices(backup: string, options: AppOptions): Promise<string[]> {
  const db = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    const store = { all: async <Row>(sql: string, params: readonly unknown[] = []) => db.prepare(sql).all(...params) as Row[] };
    return (await missingUploadsNotices(store as Pick<Store, 'all'>, options, 'backup')).map((notice) => notice.message);
  } finally {
    db.close();
  }
}

/** The command's work: its one line when done; an error whose message is the line that says what is wrong. */
export async function backupCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { command, file, help } = readArgs(args);
  if (help) return serverMessages.backupHelp;
  const { options } = readConfig(env);
  const { databasePath, databaseUrl } = options;
  const folders: ShopFolders = { uploads: uploadsDir(options), 'product-files': productFilesDir(options) };
  if ((command === 'backup' || command === 'restore') && isPostgresUrl(databaseUrl)) return filesOnlyCommand(command, file, folders, options);
  if (command !== 'backup' && !(command === 'restore' && file !== undefined)) throw new Error(serverMessages.backupUsage);
  if (command === 'backup') {
    if (!existsSync(databasePath)) throw new Error(fillMessage(serverMessages.backupNoStore, { path: databasePath }));
    const target = file ?? defaultBackupPath(databasePath);
    if (isStoreFile(target, databasePath)) throw new Error(fillMessage(serverMessages.backupOverStore, { file: target, path: databasePath }));
    if (isFolder(target)) throw new Error(fillMessage(serverMessages.backupIntoFolder, { file: target, example: join(target, 'store.db') }));
    refuseOverlap(backupFilesFolder(target), folders);
    // the database first: every file its copy names was written before it, so the files copied after are all there
    await backupDatabase(databasePath, target);
    const filesFolder = backupFilesFolder(target);
    let done: FilesBackedUp;
    try {
      done = copyShopFiles(folders, filesFolder);
    } catch (error) {
      // a database copy without its files would restore as a whole backup: none is left
      rmSync(target, { force: true });
      throw error;
    }
    // as the start does: files the store names that the folders lack (PRODUCT_FILES_DIR not set as the server's) are not in the backup either
    const missing = await missingFilesNotices(target, options);
    return fillMessage(serverMessages.backedUp, { path: databasePath, file: target, files: [filesBackedUpText(done, filesFolder, folders), ...missing].join('; ') });
  }
  if (!existsSync(file!)) throw new Error(fillMessage(serverMessages.restoreNoBackup, { path: file! }));
  if (isFolder(file!)) throw new Error(fillMessage(serverMessages.restoreFromFolder, { file: file! }));
  if (isStoreFile(file!, databasePath)) throw new Error(fillMessage(serverMessages.restoreFromStore, { file: file!, path: databasePath }));
  const moved = readMovedMark(databasePath);
  if (holdsShopFiles(backupFilesFolder(file!))) refuseRestoreOutside(backupFilesFolder(file!), folders);
  restoreDatabase(file!, databasePath);
  // after the database, which refuses a running server: a refused restore changes no file either
  const filesFolder = backupFilesFolder(file!);
  const files = isFolder(filesFolder)
    ? filesRestoredText(putBackShopFiles(filesFolder, folders), folders)
    : fillMessage(serverMessages.backupHeldNoFiles, { uploads: folders.uploads, productFiles: folders['product-files'] });
  if (moved === null) return fillMessage(serverMessages.restored, { path: databasePath, file: file!, files });
  // only once the backup is in place: a restore refused (a bad backup, a running server) keeps the note
  clearMovedMark(databasePath);
  return fillMessage(serverMessages.restoredMovedStore, { path: databasePath, file: file!, mark: movedMarkPath(databasePath), target: moved.target, movedOn: moved.movedOn, files });
}
