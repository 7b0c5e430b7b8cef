import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillMessage, serverMessages } from '../messages.ts';
import type { Store, StoreDialect } from './store.ts';

/** Each engine's migrations live in a folder of its own: migrations/sqlite, migrations/postgres. */
export function migrationsDir(dialect: StoreDialect): string {
  return fileURLToPath(new URL(`./migrations/${dialect}/`, import.meta.url));
}

const MIGRATION_NAME = /^\d{3}_[a-z0-9_-]+\.sql$/;

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
 * Applies every migration file not yet recorded, in name order, each in its own transaction.
 * Several processes starting at once migrate once: on PostgreSQL the run holds an advisory lock;
 * on SQLite each migration's IMMEDIATE transaction checks again that it is still pending.
 * Returns the names applied by this call. A database that lists a migration this build does not
 * have (a newer build migrated it) is refused with NewerSchemaError before anything is applied;
 * a PostgreSQL role that may not make tables there, with MigrationsNotPermittedError.
 */
export async function migrate(store: Store, dir: string = migrationsDir(store.dialect)): Promise<string[]> {
  try {
    return await applyPending(store, dir);
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    if (store.dialect === 'postgres' && code === '42501') throw new MigrationsNotPermittedError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

async function applyPending(store: Store, dir: string): Promise<string[]> {
  const pendingFiles = readdirSync(dir).filter((name) => MIGRATION_NAME.test(name)).sort();
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
      const sql = readFileSync(join(dir, name), 'utf8');
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
