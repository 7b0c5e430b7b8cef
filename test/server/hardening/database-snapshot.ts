import type { StoreSession } from '../../../server/db/store.ts';
import { tableNames } from '../helpers/database-digest.ts';

/** Row count of every table, so a test can prove a refused call wrote nothing anywhere. */
export async function rowCounts(store: StoreSession): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(store)) {
    counts[table] = Number((await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`))?.n);
  }
  return counts;
}
