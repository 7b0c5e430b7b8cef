import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface OpenDatabaseOptions {
  /**
   * Open the file read-only (SQLite's own read-only mode): the store is served, every write is
   * refused with SQLITE_READONLY. The file must exist and be migrated already.
   */
  readOnly?: boolean;
  /**
   * How long a statement waits for another connection's lock before SQLITE_BUSY (default
   * BUSY_TIMEOUT_MS). Shorter for tests, which lock the file on purpose and need not wait the full
   * time, and while a start-up try opens a file found locked (StoreLocation.sqliteOpeningBusyTimeoutMs).
   * SQLite waits in the statement, holding the process still; the store set on the connection
   * (SqliteStore) sets it to 0 and waits the same budget on a timer instead.
   */
  busyTimeoutMs?: number;
}

/**
 * How long a statement or a transaction's start waits in all for another connection's lock before
 * SQLITE_BUSY (503 "The store is busy"). The serving store waits on a timer (sqlite-store.ts), the
 * connection's own busy timeout being 0: SQLite's wait would hold the whole process still. Opening
 * the file (switching it to WAL, the commands) still waits in SQLite, as nothing is served yet.
 */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The function the searches lower text with on SQLite (like-pattern.ts): SQLite's own lower()
 * changes only A–Z, so a customer named "Łukasz" was never found by "łukasz". Registered under a
 * name of its own rather than over lower(), which an index (email_outbox_by_recipient) was built
 * with, and which the sqlite3 shell, opening the same file, would not have.
 */
export const UNICODE_LOWER = 'unicode_lower';

/** Gives the connection UNICODE_LOWER (the store does, for every connection it is made on). */
export function withUnicodeLower(db: Database.Database): Database.Database {
  db.function(UNICODE_LOWER, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  return db;
}

/** Opens (creating if needed) the store file with the settings every connection must have. */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): Database.Database {
  // from the first statement on: switching a new file to WAL waits for the lock too
  const timeout = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  if (options.readOnly) return new Database(path, { readonly: true, fileMustExist: true, timeout });
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout });
  // WAL lets page reads proceed while a checkout writes.
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  return db;
}
