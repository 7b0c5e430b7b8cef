import { fillMessage, serverMessages } from '../messages.ts';
import { DEFAULT_POOL_SIZE } from './postgres-store.ts';
import type { Store } from './store.ts';

export interface ConnectionBudget {
  /** Server processes on this machine (WORKERS). */
  workers: number;
  /** Connections each keeps at most (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** The PostgreSQL server's max_connections. */
  maxConnections: number;
  /** Connections of those kept for superusers (superuser_reserved_connections, and reserved_connections from PostgreSQL 16). */
  reserved: number;
}

/**
 * The warning when this machine's processes, each with its pool full, would ask for more
 * connections than PostgreSQL accepts beside its reserved ones (under load the server answers
 * "sorry, too many clients already" and requests fail), or null while they fit. Processes on
 * other machines on the same database count too, but cannot be seen from here.
 */
export function connectionBudgetWarning(budget: ConnectionBudget): string | null {
  const wanted = budget.workers * budget.poolSize;
  const available = budget.maxConnections - budget.reserved;
  if (wanted <= available) return null;
  return fillMessage(serverMessages.connectionBudgetLog, { ...budget, wanted, available });
}

/**
 * Reads max_connections and the reserved connections once and logs the warning of
 * connectionBudgetWarning in one line when there is one. Advice only: on SQLite, or when the
 * settings cannot be read, it says nothing.
 */
export async function warnOfConnectionBudget(
  store: Store,
  processes: { workers: number; poolSize: number | undefined },
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  if (store.dialect !== 'postgres') return;
  let settings: { max_connections: number; reserved: number } | undefined;
  try {
    settings = await store.get<{ max_connections: number; reserved: number }>(
      `SELECT current_setting('max_connections')::int AS max_connections,
        current_setting('superuser_reserved_connections')::int + COALESCE(current_setting('reserved_connections', true)::int, 0) AS reserved`,
    );
  } catch {
    // a server that cannot be reached now says so on the first request; this is only advice
    return;
  }
  if (settings === undefined) return;
  const budget: ConnectionBudget = {
    workers: processes.workers,
    poolSize: processes.poolSize ?? DEFAULT_POOL_SIZE,
    maxConnections: settings.max_connections,
    reserved: settings.reserved,
  };
  const warning = connectionBudgetWarning(budget);
  if (warning !== null) log.warn(budget, warning);
}
