import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { serverMessages } from '../messages.ts';

/**
 * Corruption of the store file: SQLite's quick_check finds damaged pages, and a query that reads
 * one fails with SQLITE_CORRUPT (or SQLITE_NOTADB when the header itself is gone). A plain
 * `SELECT 1` touches no page, so without these checks an overwritten page left the health check
 * green while every page answered 500.
 */

/** True for SQLite's corruption errors (SQLITE_CORRUPT and its extended codes, SQLITE_NOTADB). */
export function isCorruptionError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** The lines `PRAGMA quick_check` reports, none when the file is sound (at most the first ten). */
export function quickCheckProblems(db: Database.Database): string[] {
  try {
    const lines = (db.pragma('quick_check(10)') as Array<{ quick_check: string }>).map((row) => row.quick_check);
    return lines.length === 1 && lines[0] === 'ok' ? [] : lines;
  } catch (err) {
    if (isCorruptionError(err)) return [err instanceof Error ? err.message : String(err)];
    throw err;
  }
}

/** Thrown at start-up when quick_check finds damage: the process serves the maintenance page instead. */
export class CorruptDatabaseError extends Error {
  readonly code = 'SQLITE_CORRUPT';

  constructor(problems: readonly string[]) {
    super(`quick_check: ${problems.join('; ')}`);
    this.name = 'CorruptDatabaseError';
  }
}

/** A deep health check runs quick_check (a read of every page) at most this often; others reuse its answer. */
export const DEEP_CHECK_INTERVAL_MS = 10_000;

export interface DatabaseIntegrity {
  /** Why the store is known to be corrupt, or null while it is not. Once set it stays until a restart. */
  readonly corruption: string | null;
  /** Records a corruption error seen by any query; logs one line the first time. */
  report(err: unknown, request: { method: string; path: string }): void;
  /** quick_check now, or its answer from the last DEEP_CHECK_INTERVAL_MS; true when sound. */
  deepCheck(now?: number): boolean;
}

const integrityByStore = new WeakMap<object, DatabaseIntegrity>();

/**
 * The integrity state of an open store (one per store). `db` is its SQLite connection; a
 * PostgreSQL store has no file to check, its server guards its own pages.
 */
export function databaseIntegrity(store: object, db: Database.Database | undefined, log: Logger): DatabaseIntegrity {
  let integrity = integrityByStore.get(store);
  if (integrity) return integrity;
  let corruption: string | null = null;
  let lastDeepCheck = -Infinity;
  const markCorrupt = (reason: string, details: Record<string, unknown>): void => {
    if (corruption !== null) return;
    corruption = reason;
    log.error({ ...details, reason }, serverMessages.corruptionLog);
  };
  integrity = {
    get corruption() {
      return corruption;
    },
    report(err, request) {
      const code = (err as { code?: unknown }).code;
      markCorrupt(err instanceof Error ? err.message : String(err), { code, method: request.method, path: request.path });
    },
    deepCheck(now = Date.now()) {
      if (corruption === null && now - lastDeepCheck >= DEEP_CHECK_INTERVAL_MS) {
        lastDeepCheck = now;
        const problems = db ? quickCheckProblems(db) : [];
        if (problems.length > 0) markCorrupt(problems.join('; '), { code: 'SQLITE_CORRUPT', check: 'quick_check' });
      }
      return corruption === null;
    },
  };
  integrityByStore.set(store, integrity);
  return integrity;
}
