import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store, StoreDialect } from './store.ts';

/** Each engine's migrations live in a folder of its own: migrations/sqlite, migrations/postgres. */
export function migrationsDir(dialect: StoreDialect): string {
  return fileURLToPath(new URL(`./migrations/${dialect}/`, import.meta.url));
}

const MIGRATION_NAME = /^\d{3}_[a-z0-9_-]+\.sql$/;

/**
 * Applies every migration file not yet recorded, in name order, each in its own transaction.
 * Several processes starting at once migrate once: on PostgreSQL the run holds an advisory lock;
 * on SQLite each migration's IMMEDIATE transaction checks again that it is still pending.
 * Returns the names applied by this call.
 */
export async function migrate(store: Store, dir: string = migrationsDir(store.dialect)): Promise<string[]> {
  const pendingFiles = readdirSync(dir).filter((name) => MIGRATION_NAME.test(name)).sort();
  return store.exclusive('migrations', async (session) => {
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY,
      applied_on BIGINT NOT NULL
    )`);
    const applied = new Set(
      (await session.all<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
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
