import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Tables in which the throttles count calls (every call counts, refused or not, so these change
 * on a refusal by design); they hold no store data.
 */
export const THROTTLE_BOOKKEEPING: ReadonlySet<string> = new Set(['rate_limit_counters', 'captcha_answer_attempts', 'sign_in_failures']);

/**
 * A digest of every row of every table, so a test can prove a refused call changed nothing at
 * all: no row added or removed, and no value of an existing row (a setting, a quantity) touched.
 */
export function databaseDigest(db: Database.Database): Record<string, string> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[])
    .filter((name) => !THROTTLE_BOOKKEEPING.has(name));
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const hash = createHash('sha256');
    for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().iterate()) hash.update(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
    digest[table] = hash.digest('hex');
  }
  return digest;
}
