import type Database from 'better-sqlite3';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { busyOf } from './database-busy.ts';
import { BUSY_TIMEOUT_MS, openDatabase } from './database.ts';
import { databaseAddress, describeDatabaseUrl, isPostgresUrl } from './database-url.ts';
import { refuseMovedStore } from './moved-store-mark.ts';
import { watchPoolConnections } from './pool-connection-watch.ts';
import { PostgresStore } from './postgres-store.ts';
import { SqliteStore, type LockWatch } from './sqlite-store.ts';
import { storageFault } from './storage-fault.ts';
import { holdWriterLock, type StoreLock } from './store-writer-lock.ts';
import type { Store } from './store.ts';

export interface StoreLocation {
  /** SQLite file (or ':memory:'); used when no databaseUrl is given. */
  databasePath: string;
  /** postgres://… selects PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL connections this process keeps at most (default 10). */
  databasePoolSize?: number;
  /** Every write is refused: the SQLite file is opened read-only, PostgreSQL's transactions are read-only. */
  readOnly?: boolean;
  /** PostgreSQL's statement timeout (default 15 s), for tests only: a test holding a lock need not wait it out. */
  postgresStatementTimeoutMs?: number;
  /** The SQLite file's busy timeout, for tests only (see OpenDatabaseOptions.busyTimeoutMs). */
  sqliteBusyTimeoutMs?: number;
  /**
   * How long opening the SQLite file waits for another process's lock (the file's own, or the
   * move's claim on its writer lock) until the start's work is done (default sqliteBusyTimeoutMs):
   * a start-up try of a file found locked waits briefly, since the wait holds the whole process still.
   */
  sqliteOpeningBusyTimeoutMs?: number;
}

export interface OpenedStore {
  store: Store;
  /** The SQLite connection under the store (backups, integrity checks); absent on PostgreSQL. */
  sqlite?: Database.Database;
}

export { isPostgresUrl } from './database-url.ts';

/** Opens the store the options name: PostgreSQL for a postgres:// URL, otherwise the SQLite file. */
export function openStore(location: StoreLocation, log?: Logger): OpenedStore {
  if (isPostgresUrl(location.databaseUrl)) {
    // the pool's lost and new connections tell the log when the server goes away and comes back
    const watch = log === undefined ? undefined : watchPoolConnections(log, () => store.connectOnce(), databaseAddress(location.databaseUrl));
    const busyWatch = log === undefined ? undefined : busyWatchOf(log);
    const store: PostgresStore = new PostgresStore({
      connectionString: location.databaseUrl,
      maxConnections: location.databasePoolSize,
      readOnly: location.readOnly === true,
      statementTimeoutMs: location.postgresStatementTimeoutMs,
      onIdleError: (error) => watch?.onIdleError(error),
      onConnected: () => watch?.onConnected(),
      // statements that waited too long: the database is busy, not away (one line each way)
      onBusy: (error) => busyWatch?.busy(error),
      onEased: () => busyWatch?.eased(),
    });
    return { store };
  }
  const openingWait = location.sqliteOpeningBusyTimeoutMs ?? location.sqliteBusyTimeoutMs;
  const sqlite = openDatabase(location.databasePath, { readOnly: location.readOnly === true, busyTimeoutMs: openingWait });
  // the store's own waits for the lock, on a timer; the start's work waits as the opening did,
  // the serving store the busy timeout (app.ts sets it once the start's work is done)
  const options = { busyWaitMs: openingWait ?? BUSY_TIMEOUT_MS, lockWatch: log === undefined ? undefined : busyWatchOf(log) };
  // a process that may write tells the commands that copy the file so (store-writer-lock.ts)
  if (location.readOnly === true || location.databasePath === ':memory:') return { store: new SqliteStore(sqlite, undefined, options), sqlite };
  let lock: StoreLock;
  try {
    lock = holdWriterLock(location.databasePath, openingWait);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  // looked at under the writer's share: a move writes its note before it gives the store back
  try {
    refuseMovedStore(location.databasePath);
  } catch (error) {
    lock.release();
    sqlite.close();
    throw error;
  }
  return { store: new SqliteStore(sqlite, () => lock.release(), options), sqlite };
}

/** The process's busy account hears of the store's statements waiting too long, and of the end of it. */
function busyWatchOf(log: Logger): LockWatch {
  return {
    busy: (error) => {
      const fault = storageFault(error);
      if (fault !== null) busyOf(log).busy(fault);
    },
    eased: () => busyOf(log).eased(),
  };
}

/**
 * Where the store is, for a command's output (npm run password) and the move's note: the file, or
 * the PostgreSQL URL without its password (nor any part of one that was not percent-encoded: see
 * describeDatabaseUrl). The server's log lines name it by storeAddress.
 */
export function storeDescription(location: StoreLocation): string {
  if (!isPostgresUrl(location.databaseUrl)) return location.databasePath;
  return describeDatabaseUrl(location.databaseUrl);
}

/**
 * Where the store is, for the operator's log lines: the SQLite file's full path, or the PostgreSQL
 * server's host:port/database (no user, no password: databaseAddress).
 */
export function storeAddress(location: StoreLocation): string {
  if (isPostgresUrl(location.databaseUrl)) return databaseAddress(location.databaseUrl);
  return location.databasePath === ':memory:' ? location.databasePath : resolve(location.databasePath);
}
