import { serverMessages } from '../messages.ts';
import { busyOf } from './database-busy.ts';
import { FAULT_LOG_INTERVAL_MS, outageOf, witnessDetails, type FaultWitness, type OutageLog } from './database-outage.ts';

/**
 * Storage faults: the database or its disk refuses a write (a read-only file or mount, a full
 * disk, a failing write), another process holds the file locked longer than the busy timeout,
 * PostgreSQL cancels a statement that waited past its statement or lock timeout or the pool has no
 * connection free in time (busy, like the locked file), or the PostgreSQL server cannot be reached (stopped, restarting, out of connections, the network).
 * They are the operator's to fix or wait out, not a bug of the call, so they answer 503 with a
 * clear message and one log line rather than a generic 500 with a stack.
 */
export interface StorageFault {
  /** The driver's code (SQLite's, PostgreSQL's SQLSTATE, the system's errno) or the pg driver's failure, for the log line. */
  code: string;
  /** What the visitor is told (JSON message or error page). */
  message: string;
  /** What the operator is told, once per code and minute. */
  logMessage: string;
  /**
   * The database cannot be reached at all: pages answer the maintenance page (the store's own
   * error page reads the store), and the store recovers by itself once the server answers.
   */
  unreachable: boolean;
  /**
   * The database answers but kept the request waiting too long (a lock held elsewhere, every
   * connection in use): that request answers 503 with the busy message, the others are served.
   */
  busy: boolean;
  /** The driver's message (where the server was looked for), for the log line of an unreachable database. */
  reason?: string;
}

const REFUSED_WRITE_CODES = new Set(['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_CANTOPEN']);

/** PostgreSQL's SQLSTATE read_only_sql_transaction: a write in a read-only transaction. */
const READ_ONLY_SQL_TRANSACTION = '25006';

/** The system's errors of a connection to the PostgreSQL server that failed or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL's SQLSTATEs that refuse or end a connection: class 08 (connection exception),
 * 57P01–57P03 (administrator or crash shutdown, the server starting up or shutting down), class
 * 28 (the password or role refused) and 3D000 (no such database).
 */
const CONNECTION_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|28[0-9A-Z]{3}|3D000)$/;

/**
 * PostgreSQL's SQLSTATE too_many_connections: the server answers but has no slot left (its
 * max_connections, or a role's or database's CONNECTION LIMIT). Not an outage: the request that
 * met it is refused, the process stays healthy and the next request may well get a connection.
 */
export const TOO_MANY_CONNECTIONS = '53300';

/** The pg driver's own connection failures, which carry no code: its message names them. */
const DRIVER_FAILURES: ReadonlyMap<string, string> = new Map([
  // a new connection the server did not take within connectionTimeoutMillis
  ['Connection terminated due to connection timeout', 'connect-timeout'],
  // the server closed the connection, or the network cut it, under a query
  ['Connection terminated unexpectedly', 'connection-lost'],
  ['Client has encountered a connection error and is not queryable', 'connection-lost'],
]);

/**
 * PostgreSQL's SQLSTATEs of a statement that waited too long, on a server that answers:
 * query_canceled (the statement timeout, or pg_cancel_backend) and lock_not_available (the lock
 * timeout, NOWAIT).
 */
const BUSY_SQLSTATES = new Set(['57014', '55P03']);

/**
 * pg-pool's error when every connection of the pool stayed in use for connectionTimeoutMillis
 * (statements waiting on a lock, say): the server answers them, so busy, not unreachable. A new
 * connection the server did not take in time is 'Connection terminated due to connection timeout'.
 */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/** The code of a PostgreSQL statement that waited too long (its SQLSTATE, or 'pool-wait'), else null. */
function postgresBusy(err: unknown): string | null {
  const code = errorCode(err);
  if (code !== null) return BUSY_SQLSTATES.has(code) ? code : null;
  return err instanceof Error && err.message === POOL_WAIT_TIMEOUT ? 'pool-wait' : null;
}

/** The fault an error stands for, or null when it is not one. */
export function storageFault(err: unknown): StorageFault | null {
  const code = sqliteCode(err);
  if (code !== null) {
    if (code.startsWith('SQLITE_READONLY') || REFUSED_WRITE_CODES.has(code)) {
      return { code, message: serverMessages.cannotSaveNow, logMessage: serverMessages.storageFaultLog, unreachable: false, busy: false };
    }
    if (isLockedCode(code)) {
      return { code, message: serverMessages.storeBusy, logMessage: serverMessages.databaseLockedLog, unreachable: false, busy: true };
    }
    return null;
  }
  // a write in PostgreSQL's read-only transactions (DATABASE_READONLY=true), refused as SQLite's read-only file refuses it
  if (errorCode(err) === READ_ONLY_SQL_TRANSACTION) {
    return { code: READ_ONLY_SQL_TRANSACTION, message: serverMessages.cannotSaveNow, logMessage: serverMessages.storageFaultLog, unreachable: false, busy: false };
  }
  if (errorCode(err) === TOO_MANY_CONNECTIONS) {
    return { code: TOO_MANY_CONNECTIONS, message: serverMessages.databaseFull, logMessage: serverMessages.tooManyClientsLog, unreachable: false, busy: false, reason: (err as Error).message };
  }
  const busy = postgresBusy(err);
  if (busy !== null) {
    return { code: busy, message: serverMessages.storeBusy, logMessage: serverMessages.databaseBusyLog, unreachable: false, busy: true, reason: (err as Error).message };
  }
  const connection = connectionFailure(err);
  if (connection === null) return null;
  return { code: connection, message: serverMessages.outageText, logMessage: serverMessages.databaseUnreachableLog, unreachable: true, busy: false, reason: (err as Error).message };
}

/** Another process holds the SQLite file locked past the busy timeout: waiting it out mends it. */
export function isStoreLocked(err: unknown): boolean {
  const code = sqliteCode(err);
  return code !== null && isLockedCode(code);
}

const isLockedCode = (code: string): boolean => code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');

function errorCode(err: unknown): string | null {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code !== '' ? code : null;
}

function sqliteCode(err: unknown): string | null {
  const code = errorCode(err);
  return code !== null && code.startsWith('SQLITE_') ? code : null;
}

/** What names a failed connection to the PostgreSQL server: its code, or the pg driver's failure; null for anything else. */
function connectionFailure(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  // a host name with several addresses that all refused: Node's AggregateError of the attempts
  const code = errorCode(err) ?? (err instanceof AggregateError ? errorCode(err.errors[0]) : null);
  if (code !== null) return NETWORK_CODES.has(code) || CONNECTION_SQLSTATE.test(code) ? code : null;
  return DRIVER_FAILURES.get(err.message) ?? null;
}

/**
 * The fault of a database that did not answer, whatever the error (the health check's ping on
 * PostgreSQL): the known connection failures as storageFault has them, anything else by its code.
 */
export function unreachableFault(err: unknown): StorageFault {
  const reason = err instanceof Error ? err.message : String(err);
  return { code: storageFaultCode(err), message: serverMessages.outageText, logMessage: serverMessages.databaseUnreachableLog, unreachable: true, busy: false, reason };
}

/** The driver's code of an error, for the log line (SQLite's, PostgreSQL's SQLSTATE, the system's errno). */
export function storageFaultCode(err: unknown): string {
  return errorCode(err) ?? connectionFailure(err) ?? postgresBusy(err) ?? 'unknown';
}

/** Retry-After of a fault's 503, in seconds: a lock is released and a restarted server answers well within it. */
export const FAULT_RETRY_AFTER_SECONDS = 30;

/** Retry-After of a request PostgreSQL had no connection for: slots come free within seconds. */
export const DATABASE_FULL_RETRY_AFTER_SECONDS = 5;

/** The Retry-After of a fault's 503, in seconds. */
export function faultRetryAfterSeconds(fault: StorageFault): number {
  return fault.code === TOO_MANY_CONNECTIONS ? DATABASE_FULL_RETRY_AFTER_SECONDS : FAULT_RETRY_AFTER_SECONDS;
}

/**
 * PostgreSQL kept the request waiting too long (a lock, the pool in use): its page answers the busy
 * page, which needs nothing from the store, since the store's own error page would wait too.
 * SQLite's locked file lets reads through, so its pages keep the store's error page.
 */
export function isPostgresBusy(fault: StorageFault | null): boolean {
  return fault !== null && fault.busy && !fault.code.startsWith('SQLITE_');
}

/** PostgreSQL had no connection slot for the request: refused alone, the process serves on. */
export function isDatabaseFull(fault: StorageFault | null): boolean {
  return fault?.code === TOO_MANY_CONNECTIONS;
}

/**
 * A fault is logged once per kind and minute: one clear line, not one per refused request. The
 * kind is SQLite's code; a database server that cannot be reached is one outage, whatever its
 * codes, said by the process's outage account (database-outage.ts), which also says its end.
 */
const lastReported = new WeakMap<object, Map<string, number>>();

export function reportStorageFault(log: OutageLog, fault: StorageFault, witness: FaultWitness, now = Date.now()): void {
  if (fault.unreachable) {
    outageOf(log).unreachable(fault, witness, now);
    return;
  }
  if (fault.busy) {
    // one line when it starts (said by the store itself where it can) and one when it eases
    busyOf(log).busy(fault, witness, now);
    return;
  }
  const seen = lastReported.get(log) ?? new Map<string, number>();
  lastReported.set(log, seen);
  const last = seen.get(fault.code);
  if (last !== undefined && now - last < FAULT_LOG_INTERVAL_MS) return;
  seen.set(fault.code, now);
  log.error({ code: fault.code, ...(fault.reason !== undefined ? { reason: fault.reason } : {}), ...witnessDetails(witness) }, fault.logMessage);
}
