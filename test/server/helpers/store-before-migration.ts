/**
 * Stores as an older build left them, for the tests of a migration that changes existing rows:
 * an empty store of either engine, and a folder holding only the migrations before a given one.
 * Call `closeStoresBeforeMigration` in the suite's afterAll.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsDir } from '../../../server/db/migrate.ts';
import { PostgresStore } from '../../../server/db/postgres-store.ts';
import { SqliteStore } from '../../../server/db/sqlite-store.ts';
import type { Store } from '../../../server/db/store.ts';
import { freshPostgresUrl } from './test-database.ts';

const opened: Store[] = [];
const dirs: string[] = [];

/** A store with no tables yet (SQLite in memory, or a fresh PostgreSQL database). */
export async function emptyStore(engine: 'sqlite' | 'postgres'): Promise<Store> {
  const store = engine === 'sqlite' ? new SqliteStore(new Database(':memory:')) : new PostgresStore({ connectionString: await freshPostgresUrl() });
  opened.push(store);
  return store;
}

/** A folder of the engine's migrations named before `migration` (its file name): what an older build applied. */
export function migrationsBefore(engine: 'sqlite' | 'postgres', migration: string): string {
  const source = migrationsDir(engine);
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const name of readdirSync(source)) if (name < migration) copyFileSync(join(source, name), join(dir, name));
  return dir;
}

/** Closes the stores and removes the folders made so far. */
export async function closeStoresBeforeMigration(): Promise<void> {
  for (const store of opened.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
