import { serverMessages } from '../messages.ts';
import type { StorageFault } from './storage-fault.ts';

/**
 * One process's account of its PostgreSQL server going away and coming back. Whoever meets the
 * server unreachable (a request, the health check, the email sweep, the pool's idle connections)
 * tells it here, so the log of an outage reads: one line when it goes away, at most one a minute
 * while it stays away, and one when it answers again. A server that flaps is not said at every
 * drop: within the minute after a line, a new outage is said once it has lasted FLAP_MS.
 */

/** The log lines of an outage (pino's logger; a stand-in in tests). */
export interface OutageLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Who met the server unreachable: a request, or a task of the process (the email sweep). */
export type FaultWitness = { method: string; path: string; id?: unknown } | { task: string };

/** The fields of a fault's log line that say who met it. */
export function witnessDetails(witness: FaultWitness): Record<string, unknown> {
  return 'task' in witness ? { task: witness.task } : { method: witness.method, path: witness.path, reqId: witness.id };
}

/** A fault (the server away, a SQLite file refusing writes) is said at most this often. */
export const FAULT_LOG_INTERVAL_MS = 60_000;

/**
 * How long an outage that begins within the minute after a line must last to be said: a shorter
 * one is a flap (a server refusing connections under load); a longer one is an outage an operator
 * must see, whose start and end would otherwise go unlogged (a restart, then a stop, 9 s apart).
 */
export const FLAP_MS = 5_000;

export class DatabaseOutage {
  /** When the current outage began; null while the server answers. */
  private since: number | null = null;
  /** Whether the current outage was said: its end is said only then. */
  private said = false;
  /** When the last line about the server being away was written. */
  private lastSaid: number | null = null;

  /**
   * @param database where the server is (host:port/database, databaseAddress), named on every line
   * so the operator knows which server to look at; never the URL, which may hold a password.
   */
  constructor(private readonly log: OutageLog, private database?: string) {}

  /** Names the server on the lines to come (the store, once opened, knows where it is). */
  nameDatabase(database: string): void {
    this.database = database;
  }

  /** The field naming the server, when it is known. */
  private where(): { database?: string } {
    return this.database === undefined ? {} : { database: this.database };
  }

  /**
   * The server could not be reached. Within the minute after the last line, an outage already said
   * is not said again, and a new one only once it has lasted FLAP_MS: a database refusing
   * connections under load would otherwise write two lines per connection.
   */
  unreachable(fault: StorageFault, witness: FaultWitness, now = Date.now()): void {
    this.since ??= now;
    const away = now - this.since;
    if (this.lastSaid !== null && now - this.lastSaid < FAULT_LOG_INTERVAL_MS && (this.said || away < FLAP_MS)) return;
    this.lastSaid = now;
    this.said = true;
    this.log.error({
      ...this.where(),
      code: fault.code,
      ...(fault.reason !== undefined ? { reason: fault.reason } : {}),
      ...witnessDetails(witness),
      // the reminders of a long outage say how long it has lasted
      ...(away > 0 ? { unreachableForSeconds: Math.round(away / 1000) } : {}),
    }, fault.logMessage);
  }

  /** A connection to the server was made: an outage, if there was one, is over. */
  answered(now = Date.now()): void {
    if (this.since === null) return;
    const away = now - this.since;
    this.since = null;
    if (!this.said) return;
    this.said = false;
    this.log.info({ ...this.where(), unreachableForSeconds: Math.round(away / 1000) }, serverMessages.databaseReachedLog);
  }
}

const outages = new WeakMap<object, DatabaseOutage>();

/**
 * The outage account of the process that writes to `log` (one logger per process, so one account);
 * `database`, given where the store is opened, names the server on its lines.
 */
export function outageOf(log: OutageLog, database?: string): DatabaseOutage {
  let outage = outages.get(log);
  if (outage === undefined) {
    outage = new DatabaseOutage(log, database);
    outages.set(log, outage);
  } else if (database !== undefined) {
    outage.nameDatabase(database);
  }
  return outage;
}
