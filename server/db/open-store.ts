import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { openDatabase } from './database.ts';
import { PostgresStore } from './postgres-store.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

export interface StoreLocation {
  /** SQLite file (or ':memory:'); used when no databaseUrl is given. */
  databasePath: string;
  /** postgres://… selects PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL connections this process keeps at most (default 10). */
  databasePoolSize?: number;
  readOnly?: boolean;
}

export interface OpenedStore {
  store: Store;
  /** The SQLite connection under the store (backups, integrity checks); absent on PostgreSQL. */
  sqlite?: Database.Database;
}

/** True for a URL naming a PostgreSQL server. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/** Opens the store the options name: PostgreSQL for a postgres:// URL, otherwise the SQLite file. */
export function openStore(location: StoreLocation, log?: Logger): OpenedStore {
  if (isPostgresUrl(location.databaseUrl)) {
    const store = new PostgresStore({
      connectionString: location.databaseUrl,
      maxConnections: location.databasePoolSize,
      onIdleError: (error) => log?.warn({ reason: error.message }, 'database connection lost'),
    });
    return { store };
  }
  const sqlite = openDatabase(location.databasePath, { readOnly: location.readOnly === true });
  return { store: new SqliteStore(sqlite), sqlite };
}

/** Where the store is, for logs: the file, or the PostgreSQL URL without its password. */
export function storeDescription(location: StoreLocation): string {
  if (!isPostgresUrl(location.databaseUrl)) return location.databasePath;
  try {
    const url = new URL(location.databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres';
  }
}
