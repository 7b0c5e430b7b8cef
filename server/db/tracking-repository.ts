import type { StoreSession } from './store.ts';

/** The bounded tracking tables (names are fixed here, never taken from a request). */
export const TRACKING_TABLES = [
  'tracking_events',
  'javascript_errors',
  'census_hits',
  'performance_records',
  'clanker_events',
] as const;
export type TrackingTable = (typeof TRACKING_TABLES)[number];

/** Rows kept per table by default; older ones are dropped. */
export const DEFAULT_TRACKING_ROW_CAP = 10_000;
/** Longest stored payload; a bigger one is cut (a beacon is never worth more). */
export const MAX_TRACKING_PAYLOAD_CHARS = 16_000;

export interface TrackingRecord {
  kind: string;
  visitorId: string | null;
  payload: unknown;
}

export interface StoredTrackingRecord {
  id: number;
  kind: string;
  visitorId: string | null;
  payloadJson: string;
  createdOn: number;
}

interface Row {
  id: number;
  kind: string;
  visitor_id: string | null;
  payload_json: string;
  created_on: number;
}

/** A record with its payload already written as JSON text (what the writer queues). */
export interface SerialisedTrackingRecord {
  kind: string;
  visitorId: string | null;
  payloadJson: string;
}

/**
 * The stored JSON text of a payload, cut to MAX_TRACKING_PAYLOAD_CHARS. Throws when the payload
 * cannot be written as JSON (nested past the stack, a BigInt), so callers serialise one record at a
 * time and a bad one never takes others with it.
 */
export function payloadText(payload: unknown): string {
  const text = JSON.stringify(payload ?? null);
  return text.length > MAX_TRACKING_PAYLOAD_CHARS ? JSON.stringify({ truncated: text.slice(0, MAX_TRACKING_PAYLOAD_CHARS) }) : text;
}

/** Rows written by one INSERT statement (bounded so the parameters stay under both engines' limits). */
const ROWS_PER_INSERT = 200;

/**
 * Appends tracking rows and trims each table to its cap in the same transaction. Ids only grow
 * and only the oldest rows are ever removed, so "id <= newest - cap" is the overflow (exactly on
 * SQLite, whose AUTOINCREMENT ids are contiguous; at most that on PostgreSQL, where a sequence may
 * skip numbers) and the trim is a primary-key range delete. A batch trims the rows it can see: on
 * PostgreSQL rows of batches other processes have not committed yet are left to the next trim.
 */
export function createTrackingRepository(session: StoreSession, rowCap: number = DEFAULT_TRACKING_ROW_CAP) {
  const appendMany = (table: TrackingTable, records: readonly SerialisedTrackingRecord[], now: number): Promise<void> =>
    session.transaction(async (tx) => {
      let lastId = 0;
      for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
        const chunk = records.slice(start, start + ROWS_PER_INSERT);
        const rows = await tx.all<{ id: number }>(
          `INSERT INTO ${table} (kind, visitor_id, payload_json, created_on) VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')} RETURNING id`,
          chunk.flatMap((record) => [record.kind, record.visitorId, record.payloadJson, now]),
        );
        for (const row of rows) lastId = Math.max(lastId, Number(row.id));
      }
      if (lastId > rowCap) await tx.run(`DELETE FROM ${table} WHERE id <= ?`, [lastId - rowCap]);
    });

  return {
    /** Serialises and appends records; one whose payload cannot be written is left out. */
    async append(table: TrackingTable, records: readonly TrackingRecord[], now: number = Date.now()): Promise<void> {
      const serialised: SerialisedTrackingRecord[] = [];
      for (const record of records) {
        try {
          serialised.push({ kind: record.kind, visitorId: record.visitorId, payloadJson: payloadText(record.payload) });
        } catch {
          // not JSON-writable: only this record is lost
        }
      }
      if (serialised.length > 0) await appendMany(table, serialised, now);
    },
    /** Appends records whose payloads are already JSON text, in one transaction. */
    async appendSerialised(table: TrackingTable, records: readonly SerialisedTrackingRecord[], now: number = Date.now()): Promise<void> {
      if (records.length > 0) await appendMany(table, records, now);
    },
    async count(table: TrackingTable): Promise<number> {
      const row = await session.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
      return Number(row!.n);
    },
    async recent(table: TrackingTable, limit: number): Promise<StoredTrackingRecord[]> {
      const rows = await session.all<Row>(
        `SELECT id, kind, visitor_id, payload_json, created_on FROM ${table} ORDER BY id DESC LIMIT ?`,
        [limit],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        visitorId: row.visitor_id,
        payloadJson: row.payload_json,
        createdOn: Number(row.created_on),
      }));
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
