import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillMessage, serverMessages } from '../messages.ts';
import { BUILT_MIGRATIONS, type BuiltMigration, type BuiltMigrations } from './built-migrations.ts';
import type { Store, StoreDialect } from './store.ts';

/** Each engine's migrations live in a folder of its own: migrations/sqlite, migrations/postgres. */
export function migrationsDir(dialect: StoreDialect): string {
  return fileURLToPath(new URL(`./migrations/${dialect}/`, import.meta.url));
}

const MIGRATION_NAME = /^\d{3}_[a-z0-9_-]+\.sql$/;

/** One migration: its file's name (`133_x.sql`) and its SQL. */
export type Migration = BuiltMigration;

/** The names of the migration files a folder holds, in name order; none when there is no such folder. */
export function migrationFileNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => MIGRATION_NAME.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The migrations a folder holds, in name order, read now. */
export function readMigrations(dir: string): Migration[] {
  return migrationFileNames(dir).map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Thrown by a build (a bundle in dist/) that finds in the migrations folder a migration it was not
 * built with: the sources were updated (git pull) without a new build, and applying the new
 * migrations would leave the old code serving on a schema it does not know while the owner believes
 * the shop upgraded. Nothing is applied; the start stops (exit 78), saying to build first.
 */
export class UnbuiltMigrationsError extends Error {
  constructor(readonly migrations: readonly string[]) {
    super(fillMessage(serverMessages.unbuiltMigrationsLog, { migration: migrationLabel(migrations[migrations.length - 1]!) }));
    this.name = 'UnbuiltMigrationsError';
  }
}

/**
 * The migrations this build applies to a `dialect` store. Run from the sources (tsx), the folder's
 * as it is now. A bundle applies the ones it was built with (BUILT_MIGRATIONS, written in by
 * server/build.ts), never the folder's: a folder holding one the bundle does not know is refused
 * with UnbuiltMigrationsError. A folder missing some the bundle knows (sources checked out back to
 * an older commit, the build left newer) is no danger: the build applies its own, which match its code.
 */
export function buildMigrations(dialect: StoreDialect, built: BuiltMigrations | null = BUILT_MIGRATIONS, dir: string = migrationsDir(dialect)): readonly Migration[] {
  if (built === null) return readMigrations(dir);
  const own = built[dialect];
  const known = new Set(own.map((migration) => migration.name));
  const unbuilt = migrationFileNames(dir).filter((name) => !known.has(name));
  if (unbuilt.length > 0) throw new UnbuiltMigrationsError(unbuilt);
  return own;
}

/**
 * Thrown when the database's schema_migrations lists migrations this build does not have: a newer
 * build upgraded it, and this one would run on tables it does not know. Nothing is applied; the
 * start stops (exit 78) rather than serving.
 */
export class NewerSchemaError extends Error {
  constructor(readonly migrations: readonly string[]) {
    super(fillMessage(serverMessages.newerSchemaLog, { migration: migrationLabel(migrations[migrations.length - 1]!) }));
    this.name = 'NewerSchemaError';
  }
}

/**
 * Thrown when PostgreSQL refuses the migrations for want of privilege (42501): the role may not
 * make tables in the database (since PostgreSQL 15 only the database's owner may, in its public
 * schema). Waiting does not mend it: the start stops (exit 78) saying what to do. It keeps the
 * code and PostgreSQL's own words as its message.
 */
export class MigrationsNotPermittedError extends Error {
  readonly code = '42501';
  constructor(reason: string) {
    super(reason);
    this.name = 'MigrationsNotPermittedError';
  }
}

/** A migration as the log names it: its file name without `.sql`. */
export function migrationLabel(name: string): string {
  return name.replace(/\.sql$/, '');
}

/**
 * Applies every migration not yet recorded, in name order, each in its own transaction: by default
 * this build's (buildMigrations: the folder's when the sources run, a bundle's own otherwise), or
 * those of the folder `from` names, or the list `from` is. Several processes starting at once
 * migrate once: on PostgreSQL the run holds an advisory lock; on SQLite each migration's IMMEDIATE
 * transaction checks again that it is still pending. Returns the names applied by this call.
 * Before anything is applied, a bundle beside a folder holding a migration it was not built with is
 * refused with UnbuiltMigrationsError, and a database that lists a migration this build does not
 * have (a newer build migrated it) with NewerSchemaError; a PostgreSQL role that may not make
 * tables there, with MigrationsNotPermittedError.
 */
export async function migrate(store: Store, from?: string | readonly Migration[]): Promise<string[]> {
  // read (and a bundle's checked against the folder) before the store is touched
  const migrations = from === undefined ? buildMigrations(store.dialect) : typeof from === 'string' ? readMigrations(from) : from;
  try {
    return await applyPending(store, migrations);
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    if (store.dialect === 'postgres' && code === '42501') throw new MigrationsNotPermittedError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

async function applyPending(store: Store, migrations: readonly Migration[]): Promise<string[]> {
  const pendingFiles = migrations.map((migration) => migration.name);
  const sqlOf = new Map(migrations.map((migration) => [migration.name, migration.sql]));
  return store.exclusive('migrations', async (session) => {
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY,
      applied_on BIGINT NOT NULL
    )`);
    const applied = new Set(
      (await session.all<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const known = new Set(pendingFiles);
    const unknown = [...applied].filter((name) => !known.has(name)).sort();
    if (unknown.length > 0) throw new NewerSchemaError(unknown);
    const pending = pendingFiles.filter((name) => !applied.has(name));
    const appliedNow: string[] = [];
    for (const name of pending) {
      const sql = sqlOf.get(name)!;
      await session.transaction(async (tx) => {
        // another SQLite process may have applied it since the list was read (PostgreSQL holds a lock)
        if (await tx.get('SELECT name FROM schema_migrations WHERE name = ?', [name])) return;
        await tx.exec(sql);
        await tx.run('INSERT INTO schema_migrations (name, applied_on) VALUES (?, ?)', [name, Date.now()]);
        appliedNow.push(name);
      });
    }
    return appliedNow;
  });
}
