import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { quickCheckProblems } from './database-integrity.ts';

/** Thrown when a file that should be a sound store is not (quick_check found damage). */
export class UnsoundBackupError extends Error {
  constructor(path: string, problems: readonly string[]) {
    super(`${path} is not a sound store: ${problems.join('; ')}`);
    this.name = 'UnsoundBackupError';
  }
}

function assertSound(path: string): void {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const problems = quickCheckProblems(db);
    if (problems.length > 0) throw new UnsoundBackupError(path, problems);
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
 * checked with quick_check before it is reported done. Refuses to back up a damaged store.
 */
export async function backupDatabase(databasePath: string, backupPath: string): Promise<void> {
  mkdirSync(dirname(backupPath), { recursive: true });
  const partial = `${backupPath}.partial`;
  // an ordinary connection (it only reads): a read-only one cannot open a WAL store whose -wal file is gone
  const source = new Database(databasePath, { fileMustExist: true });
  try {
    const problems = quickCheckProblems(source);
    if (problems.length > 0) throw new UnsoundBackupError(databasePath, problems);
    await source.backup(partial);
  } finally {
    source.close();
  }
  assertSound(partial);
  renameSync(partial, backupPath);
}

/**
 * Puts a backup in place of the store file. The server must be stopped: the old file and its
 * -wal and -shm companions are removed so no stale journal is replayed over the restored pages.
 * The backup is checked first, so a bad backup never replaces anything.
 */
export function restoreDatabase(backupPath: string, databasePath: string): void {
  assertSound(backupPath);
  mkdirSync(dirname(databasePath), { recursive: true });
  const incoming = `${databasePath}.restoring`;
  copyFileSync(backupPath, incoming);
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(`${databasePath}${suffix}`)) rmSync(`${databasePath}${suffix}`, { force: true });
  }
  renameSync(incoming, databasePath);
}
