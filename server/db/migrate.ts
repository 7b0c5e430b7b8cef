import type Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_NAME = /^\d{3}_[a-z0-9_-]+\.sql$/;

/**
 * Applies every migration file not yet recorded, in name order, each in its own transaction.
 * Returns the names applied by this call.
 */
export function migrate(db: Database.Database, dir: string = MIGRATIONS_DIR): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    applied_on INTEGER NOT NULL
  )`);
  const applied = new Set(
    db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[],
  );
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_on) VALUES (?, ?)');
  const pending = readdirSync(dir)
    .filter((name) => MIGRATION_NAME.test(name) && !applied.has(name))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(join(dir, name), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      record.run(name, Date.now());
    })();
  }
  return pending;
}
