import { serverMessages } from '../messages.ts';

/**
 * Storage faults: the database or its disk refuses a write (a read-only file or mount, a full
 * disk, a failing write) or another process holds the file locked longer than the busy timeout.
 * They are the operator's to fix or wait out, not a bug of the call, so they answer 503 with a
 * clear message and one log line rather than a generic 500 with a stack.
 */
export interface StorageFault {
  /** SQLite's code, for the log line. */
  code: string;
  /** What the visitor is told (JSON message or error page). */
  message: string;
  /** What the operator is told, once per code and minute. */
  logMessage: string;
}

const REFUSED_WRITE_CODES = new Set(['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_CANTOPEN']);

/** The fault an error stands for, or null when it is not one. */
export function storageFault(err: unknown): StorageFault | null {
  const code = sqliteCode(err);
  if (code === null) return null;
  if (code.startsWith('SQLITE_READONLY') || REFUSED_WRITE_CODES.has(code)) {
    return { code, message: serverMessages.cannotSaveNow, logMessage: serverMessages.storageFaultLog };
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return { code, message: serverMessages.storeBusy, logMessage: serverMessages.databaseLockedLog };
  }
  return null;
}

function sqliteCode(err: unknown): string | null {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

/** The SQLite code of an error, for the log line. */
export function storageFaultCode(err: unknown): string {
  return sqliteCode(err) ?? 'unknown';
}

/** A fault is logged once per code and minute: one clear line, not one per refused request. */
const REPORT_INTERVAL_MS = 60_000;
const lastReported = new WeakMap<object, Map<string, number>>();

export function reportStorageFault(
  log: { error: (details: object, message: string) => void },
  fault: StorageFault,
  request: { method: string; path: string; id?: unknown },
  now = Date.now(),
): void {
  const seen = lastReported.get(log) ?? new Map<string, number>();
  lastReported.set(log, seen);
  const last = seen.get(fault.code);
  if (last !== undefined && now - last < REPORT_INTERVAL_MS) return;
  seen.set(fault.code, now);
  log.error({ code: fault.code, method: request.method, path: request.path, reqId: request.id }, fault.logMessage);
}
