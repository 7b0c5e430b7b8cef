import type Database from 'better-sqlite3';

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

/**
 * Appends tracking rows and trims each table to its cap in the same statement batch. AUTOINCREMENT
 * ids never repeat and only the oldest rows are ever removed, so "id <= newest - cap" is exactly
 * the overflow and the trim is a primary-key range delete.
 */
export function createTrackingRepository(db: Database.Database, rowCap: number = DEFAULT_TRACKING_ROW_CAP) {
  const statements = new Map(
    TRACKING_TABLES.map((table) => [
      table,
      {
        insert: db.prepare(
          `INSERT INTO ${table} (kind, visitor_id, payload_json, created_on) VALUES (?, ?, ?, ?)`,
        ),
        trim: db.prepare(`DELETE FROM ${table} WHERE id <= ?`),
        count: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`),
        recent: db.prepare<[number], Row>(`SELECT * FROM ${table} ORDER BY id DESC LIMIT ?`),
      },
    ]),
  );
  const statementsFor = (table: TrackingTable) => statements.get(table)!;

  const appendMany = db.transaction((table: TrackingTable, records: readonly SerialisedTrackingRecord[], now: number) => {
    const { insert, trim } = statementsFor(table);
    let lastId = 0;
    for (const record of records) {
      lastId = Number(insert.run(record.kind, record.visitorId, record.payloadJson, now).lastInsertRowid);
    }
    if (lastId > rowCap) trim.run(lastId - rowCap);
  });

  return {
    /** Serialises and appends records; one whose payload cannot be written is left out. */
    append(table: TrackingTable, records: readonly TrackingRecord[], now: number = Date.now()): void {
      const serialised: SerialisedTrackingRecord[] = [];
      for (const record of records) {
        try {
          serialised.push({ kind: record.kind, visitorId: record.visitorId, payloadJson: payloadText(record.payload) });
        } catch {
          // not JSON-writable: only this record is lost
        }
      }
      if (serialised.length > 0) appendMany(table, serialised, now);
    },
    /** Appends records whose payloads are already JSON text, in one transaction. */
    appendSerialised(table: TrackingTable, records: readonly SerialisedTrackingRecord[], now: number = Date.now()): void {
      if (records.length > 0) appendMany(table, records, now);
    },
    count(table: TrackingTable): number {
      return statementsFor(table).count.get()!.n;
    },
    recent(table: TrackingTable, limit: number): StoredTrackingRecord[] {
      return statementsFor(table).recent.all(limit).map((row) => ({
        id: row.id,
        kind: row.kind,
        visitorId: row.visitor_id,
        payloadJson: row.payload_json,
        createdOn: row.created_on,
      }));
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
