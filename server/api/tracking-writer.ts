import type { Logger } from 'pino';
import type { TrackingRecord, TrackingRepository, TrackingTable } from '../db/tracking-repository.ts';

/** Records waiting for the next flush; past this a flood is dropped rather than held in memory. */
export const MAX_PENDING_TRACKING_RECORDS = 5_000;

/**
 * Tracking calls answer first and write afterwards: records are queued and written in one
 * transaction per table on the next turn of the event loop, so a beacon never waits for the disk.
 */
export function createTrackingWriter(repository: TrackingRepository, log: Logger) {
  const pending = new Map<TrackingTable, TrackingRecord[]>();
  let pendingCount = 0;
  let dropped = 0;
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    const batches = [...pending];
    pending.clear();
    pendingCount = 0;
    for (const [table, records] of batches) {
      try {
        repository.append(table, records);
      } catch (err) {
        log.error({ table, count: records.length, err: err instanceof Error ? err.message : String(err) }, 'tracking write failed');
      }
    }
    if (dropped > 0) {
      log.warn({ dropped }, 'tracking records dropped under load');
      dropped = 0;
    }
  };

  return {
    enqueue(table: TrackingTable, records: readonly TrackingRecord[]): void {
      for (const record of records) {
        if (pendingCount >= MAX_PENDING_TRACKING_RECORDS) {
          dropped += 1;
          continue;
        }
        const list = pending.get(table) ?? [];
        list.push(record);
        pending.set(table, list);
        pendingCount += 1;
      }
      if (!scheduled && pendingCount > 0) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    /** Writes whatever is queued now (shutdown, tests). */
    flush,
  };
}

export type TrackingWriter = ReturnType<typeof createTrackingWriter>;
