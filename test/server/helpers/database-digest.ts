import { createHash } from 'node:crypto';
import type { StoreSession } from '../../../server/db/store.ts';

/**
 * Tables in which the throttles count calls (every call counts, refused or not, so these change
 * on a refusal by design); they hold no store data.
 */
export const THROTTLE_BOOKKEEPING: ReadonlySet<string> = new Set(['rate_limit_counters', 'captcha_answer_attempts', 'sign_in_failures']);

/** The store's own tables but the throttles' bookkeeping, on either engine (PostgreSQL: those of the current schema). */
export async function tableNames(store: StoreSession): Promise<string[]> {
  const rows = store.dialect === 'postgres'
    ? await store.all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
    : await store.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  return rows.map((row) => row.name).filter((name) => !THROTTLE_BOOKKEEPING.has(name));
}

const serialise = (row: unknown): string => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

/**
 * A digest of every row of every table, so a test can prove a refused call changed nothing at
 * all: no row added or removed, and no value of an existing row (a setting, a quantity) touched.
 * Rows are sorted by their serialised form, so the digest does not depend on the order an engine
 * happens to return them in.
 */
export async function databaseDigest(store: StoreSession): Promise<Record<string, string>> {
  const tables = await tableNames(store);
  if (store.dialect === 'postgres') return postgresDigest(store, tables);
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const rows = (await store.all(`SELECT * FROM "${table}"`)).map(serialise).sort();
    const hash = createHash('sha256');
    for (const row of rows) hash.update(row);
    digest[table] = hash.digest('hex');
  }
  return digest;
}

/**
 * PostgreSQL hashes each table's rows itself (their text form, in a fixed order), every table in
 * one statement: a query per table, with the rows sent over, made the hardening suites' digests
 * between calls most of their time (the route walk took four times as long as on SQLite).
 */
async function postgresDigest(store: StoreSession, tables: string[]): Promise<Record<string, string>> {
  if (tables.length === 0) return {};
  const parts = tables.map((table, index) =>
    `SELECT ${index} AS i, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM "${table}" t`);
  const rows = await store.all<{ i: number; h: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [tables[Number(row.i)], row.h]));
}
