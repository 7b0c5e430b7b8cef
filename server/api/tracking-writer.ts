import type { Logger } from 'pino';
import type { BackgroundWork } from '../background-work.ts';
import {
  payloadText, type SerialisedTrackingRecord, type TrackingRecord, type TrackingRepository, type TrackingTable,
} from '../db/tracking-repository.ts';

/** Records waiting for the next flush; past this a flood is dropped rather than held in memory. */
export const MAX_PENDING_TRACKING_RECORDS = 5_000;
/** Characters of payload JSON waiting for the next flush: the queue's byte budget. */
export const MAX_PENDING_TRACKING_CHARACTERS = 8 * 1024 * 1024;

/**
 * Tracking calls answer first and write afterwards: records are queued and written in one
 * transaction per table on the next turn of the event loop, so a beacon never waits for the store.
 * Flushes run one after another, so a table's batches reach the store in the order they came.
 * Each record is written as JSON when it is queued, one at a time, so a record that cannot be
 * written is refused alone and the queue holds only text of known size.
 */
export function createTrackingWriter(repository: TrackingRepository, log: Logger, background: BackgroundWork) {
  const pending = new Map<TrackingTable, SerialisedTrackingRecord[]>();
  let pendingCount = 0;
  let pendingCharacters = 0;
  let dropped = 0;
  let unwritable = 0;
  let scheduled = false;
  /** The flushes under way, chained: resolves when every queued record so far was written or given up. */
  let writing: Promise<void> = Promise.resolve();

  /** Appends a batch; when the batch fails, each record is tried alone so only the failing ones are lost. */
  const write = async (table: TrackingTable, records: SerialisedTrackingRecord[]): Promise<void> => {
    try {
      await repository.appendSerialised(table, records);
      return;
    } catch {
      // fall through: find the records that fail
    }
    let failed = 0;
    let firstError = '';
    for (const record of records) {
      try {
        await repository.appendSerialised(table, [record]);
      } catch (err) {
        failed += 1;
        firstError ||= err instanceof Error ? err.message : String(err);
      }
    }
    if (failed > 0) log.error({ table, count: failed, of: records.length, err: firstError }, 'tracking write failed');
  };

  const writeBatches = async (batches: Array<[TrackingTable, SerialisedTrackingRecord[]]>): Promise<void> => {
    for (const [table, records] of batches) await write(table, records);
  };

  /** Takes what is queued now and writes it after the flushes already under way. */
  const flush = (): Promise<void> => {
    scheduled = false;
    const batches = [...pending];
    pending.clear();
    pendingCount = 0;
    pendingCharacters = 0;
    // write() logs its own failures, so the chain never rejects
    writing = writing.then(() => writeBatches(batches));
    if (dropped > 0) {
      log.warn({ dropped }, 'tracking records dropped under load');
      dropped = 0;
    }
    if (unwritable > 0) {
      log.warn({ unwritable }, 'tracking records left out: their payload cannot be written as JSON');
      unwritable = 0;
    }
    return writing;
  };

  return {
    /** Queues records; answers how many were queued (the rest were dropped or unwritable). */
    enqueue(table: TrackingTable, records: readonly TrackingRecord[]): number {
      let queued = 0;
      for (const record of records) {
        let payloadJson: string;
        try {
          payloadJson = payloadText(record.payload);
        } catch {
          unwritable += 1;
          continue;
        }
        if (pendingCount >= MAX_PENDING_TRACKING_RECORDS || pendingCharacters + payloadJson.length > MAX_PENDING_TRACKING_CHARACTERS) {
          dropped += 1;
          continue;
        }
        const list = pending.get(table) ?? [];
        list.push({ kind: record.kind, visitorId: record.visitorId, payloadJson });
        pending.set(table, list);
        pendingCount += 1;
        pendingCharacters += payloadJson.length;
        queued += 1;
      }
      if (!scheduled && (pendingCount > 0 || unwritable > 0)) {
        scheduled = true;
        background.start(() => new Promise<void>((resolve) => setImmediate(resolve)).then(flush));
      }
      return queued;
    },
    /** Writes whatever is queued now (shutdown, tests); resolves once it is in the store. */
    flush,
  };
}

export type TrackingWriter = ReturnType<typeof createTrackingWriter>;
