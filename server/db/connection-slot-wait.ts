import { TOO_MANY_CONNECTIONS } from './storage-fault.ts';

/**
 * A PostgreSQL server with no connection slot left (53300) refuses a new connection at once,
 * where a slot is often given back within a moment by another process's pool. So a connection
 * refused that way is asked for again a few times, briefly, before the request is refused (503
 * with Retry-After, storage-fault.ts). The statement never ran, so asking again is safe.
 */
export const CONNECTION_SLOT_WAITS_MS: readonly number[] = [100, 250, 500];

function refusedForWantOfSlots(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === TOO_MANY_CONNECTIONS;
}

/** Runs `attempt` (a connection or a statement on the pool), again after each wait while the server is full. */
export async function withConnectionSlotWait<T>(attempt: () => Promise<T>, waits: readonly number[] = CONNECTION_SLOT_WAITS_MS): Promise<T> {
  for (const wait of waits) {
    try {
      return await attempt();
    } catch (error) {
      if (!refusedForWantOfSlots(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return attempt();
}
