/**
 * The store interface every repository speaks: SQL in the subset SQLite and PostgreSQL share,
 * with `?` placeholders, run by one of two engines (sqlite-store.ts, postgres-store.ts).
 *
 * Rules for SQL written against it:
 * - placeholders are positional `?` (the PostgreSQL store numbers them);
 * - `INSERT ... ON CONFLICT (...) DO NOTHING / DO UPDATE SET x = excluded.x`, never `INSERT OR`;
 * - flags are INTEGER 0/1, times are epoch milliseconds (BIGINT on PostgreSQL), JSON is TEXT;
 * - every table has a `rowid` for insertion order (implicit in SQLite, a BIGSERIAL column on
 *   PostgreSQL), so `ORDER BY rowid` reads the same on both;
 * - rows locked for a read-modify-write inside a transaction use `forUpdate(session)`.
 */

export type SqlValue = string | number | bigint | boolean | null | Buffer;
export type SqlParams = readonly SqlValue[];

export type StoreDialect = 'sqlite' | 'postgres';

export interface RunResult {
  /** Rows the statement inserted, changed or deleted. */
  changes: number;
}

/** One connection's view: outside a transaction the store itself, inside it the transaction. */
export interface StoreSession {
  readonly dialect: StoreDialect;
  /** Every row of a query. */
  all<Row = Record<string, unknown>>(sql: string, params?: SqlParams): Promise<Row[]>;
  /** The first row of a query, or undefined. */
  get<Row = Record<string, unknown>>(sql: string, params?: SqlParams): Promise<Row | undefined>;
  /** A statement that returns no rows (use `RETURNING` with all/get for generated values). */
  run(sql: string, params?: SqlParams): Promise<RunResult>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Nested calls join the outer transaction. Statements asked for at once inside it run one at a
   * time in the order asked, and a nested transaction runs whole before anything asked for beside
   * it (connection-turns.ts). The work speaks only through `tx`: a statement it sends through the
   * store itself throws (outer-store-guard.ts) instead of waiting for the transaction, or running
   * outside it.
   */
  transaction<T>(work: (tx: StoreSession) => Promise<T>): Promise<T>;
  /** True inside a transaction (reads there may still be rolled back: never cache them). */
  readonly inTransaction: boolean;
  /** Several statements separated by semicolons, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Store extends StoreSession {
  /**
   * Runs `work` while no other process runs work under the same name (PostgreSQL: a session
   * advisory lock on one connection; SQLite: one IMMEDIATE transaction). Used by migrations.
   */
  exclusive<T>(name: string, work: (session: StoreSession) => Promise<T>): Promise<T>;
  /** Answers when the database answers a trivial query; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** ` FOR UPDATE` on PostgreSQL (row locks for read-modify-write); SQLite locks the whole file already. */
export function forUpdate(session: StoreSession): string {
  return session.dialect === 'postgres' ? ' FOR UPDATE' : '';
}

/** A UNIQUE or PRIMARY KEY violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** `?, ?, ?` for a list of values, as in `IN (…)`. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Converts `?` placeholders to `$1, $2, …`, leaving quoted text and identifiers alone. */
export function numberedPlaceholders(sql: string): string {
  let out = '';
  let index = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      out += `$${++index}`;
    } else {
      out += ch;
    }
  }
  return out;
}
