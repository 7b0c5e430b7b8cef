import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * A digest of every row of every table, so a test can prove a refused call changed nothing at
 * all: no row added or removed, and no value of an existing row (a setting, a quantity) touched.
 */
export function databaseDigest(db: Database.Database): Record<string, string> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const hash = createHash('sha256');
    for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().iterate()) hash.update(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
    digest[table] = hash.digest('hex');
  }
  return digest;
}
