import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fillMessage, serverMessages } from '../messages.ts';
import { quickCheckProblems } from './database-integrity.ts';

/** The most pages better-sqlite3 lets a backup step copy: all that are left, for any store. */
const ALL_REMAINING_PAGES = 0x7fffffff;

/** Thrown when a file that should be a sound store is not (quick_check found damage). */
export class UnsoundBackupError extends Error {
  constructor(path: string, problems: readonly string[]) {
    super(`${path} is not a sound store: ${problems.join('; ')}`);
    this.name = 'UnsoundBackupError';
  }
}

/** Thrown when the store to restore over is open in a running server. */
export class StoreInUseError extends Error {
  constructor(path: string) {
    super(fillMessage(serverMessages.restoreStoreInUse, { path }));
    this.name = 'StoreInUseError';
  }
}

/**
 * Whether a server has the store open. A server keeps its connection for as long as it runs, and
 * SQLite takes a file out of WAL mode only when no other connection has it open. The file is
 * about to be replaced, so changing its mode costs nothing; any other failure (a damaged file,
 * the very reason to restore) is no server's.
 */
function openInAServer(databasePath: string): boolean {
  if (!existsSync(databasePath)) return false;
  let db: Database.Database | undefined;
  try {
    db = new Database(databasePath, { fileMustExist: true, timeout: 0 });
    db.pragma('journal_mode = DELETE');
    return false;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
  } finally {
    db?.close();
  }
}

/**
 * Checks a copy this command made (a backup being written, a backup being restored) and makes it
 * self-contained: quick_check, then the rollback journal instead of WAL. The connection is a
 * writable one on purpose: a read-only connection to a WAL file leaves its -wal and -shm behind
 * when it closes (they would outlive a rename as `…-wal` strays), a writable one removes them, and
 * a file out of WAL mode is read without them ever being made. `reportAs` names the file in the error.
 */
function checkSoundCopy(path: string, reportAs: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    const problems = quickCheckProblems(db);
    if (problems.length > 0) throw new UnsoundBackupError(reportAs, problems);
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** The default name of a backup: beside the store, stamped with the time (sortable, no colons). */
export function defaultBackupPath(databasePath: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${dirname(databasePath)}/backups/store-${stamp}.db`;
}

/**
 * Copies the store into one self-contained file with SQLite's online backup API: safe while the
 * server runs and writes (pages are copied consistently, the WAL included), and the copy is
 * checked with quick_check before it is reported done. Refuses to back up a damaged store. The
 * backup is in rollback-journal mode, so it is the one file: reading it makes no -wal or -shm.
 */
export async function backupDatabase(databasePath: string, backupPath: string): Promise<void> {
  mkdirSync(dirname(backupPath), { recursive: true });
  const partial = `${backupPath}.partial`;
  // an ordinary connection (it only reads): a read-only one cannot open a WAL store whose -wal file is gone
  const source = new Database(databasePath, { fileMustExist: true });
  try {
    const problems = quickCheckProblems(source);
    if (problems.length > 0) throw new UnsoundBackupError(databasePath, problems);
    // in one step: a copy made a step at a time starts over whenever another process writes
    // between two steps, so on a busy shop it never finished; one step reads one snapshot (the
    // server's writes go on meanwhile, into the WAL)
    await source.backup(partial, { progress: () => ALL_REMAINING_PAGES });
  } finally {
    source.close();
  }
  try {
    checkSoundCopy(partial, partial);
    renameSync(partial, backupPath);
  } catch (error) {
    // a copy of the shop's data is never left behind under a name nobody asked for
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
    throw error;
  }
}

/**
 * Puts a backup in place of the store file. The server must be stopped, and a store a server
 * still has open is refused: the server would go on writing to the file it has open, removed,
 * and lose all of it. The old file and its -wal and -shm companions are removed so no stale
 * journal is replayed over the restored pages. The backup's copy is checked first, so a bad
 * backup never replaces anything (and the backup itself is only read: nothing is written beside it).
 */
export function restoreDatabase(backupPath: string, databasePath: string): void {
  mkdirSync(dirname(databasePath), { recursive: true });
  const incoming = `${databasePath}.restoring`;
  copyFileSync(backupPath, incoming);
  try {
    checkSoundCopy(incoming, backupPath);
    if (openInAServer(databasePath)) throw new StoreInUseError(databasePath);
  } catch (error) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${incoming}${suffix}`, { force: true });
    throw error;
  }
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(`${databasePath}${suffix}`)) rmSync(`${databasePath}${suffix}`, { force: true });
  }
  renameSync(incoming, databasePath);
}
