import type Database from 'better-sqlite3';
import { THROTTLE_BOOKKEEPING } from '../helpers/database-digest.ts';

/** Row count of every table, so a test can prove a refused call wrote nothing anywhere. */
export function rowCounts(db: Database.Database): Record<string, number> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[])
    .filter((name) => !THROTTLE_BOOKKEEPING.has(name));
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number;
  return counts;
}
