import type { StoreSession } from '../../../server/db/store.ts';

/**
 * Breaks a test store on purpose by dropping one table. PostgreSQL refuses to drop a table other
 * tables' foreign keys point at unless told to drop those constraints too (CASCADE, which SQLite
 * does not know).
 */
export async function dropTable(store: StoreSession, table: string): Promise<void> {
  await store.exec(`DROP TABLE "${table}"${store.dialect === 'postgres' ? ' CASCADE' : ''}`);
}
