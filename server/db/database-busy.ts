import { serverMessages } from '../messages.ts';
import { FAULT_LOG_INTERVAL_MS, witnessDetails, type FaultWitness, type OutageLog } from './database-outage.ts';
import type { StorageFault } from './storage-fault.ts';

/**
 * One process's account of its database being busy: another process holding the SQLite file's
 * write lock past the busy budget, or PostgreSQL statements cancelled by the statement or lock
 * timeout, or no connection of the pool coming free in time. The database answers all along: it is
 * not an outage (database-outage.ts), and the requests that waited too long answer 503 with the
 * store's busy message while the others are served. The log reads one line when it starts being
 * busy and one when it is no longer (not a line, nor a stack, per refused request); a spell that
 * starts again within the minute of the last line is not said again.
 */
export class DatabaseBusy {
  /** When the current busy spell began; null while the database is not busy. */
  private since: number | null = null;
  /** Whether the current spell was said: its end is said only then. */
  private said = false;
  /** When the last line saying a spell began was written. */
  private lastSaid: number | null = null;

  constructor(private readonly log: OutageLog) {}

  /** A statement waited too long (`fault` says how): the spell begins, if it had not. */
  busy(fault: StorageFault, witness?: FaultWitness, now = Date.now()): void {
    if (this.since !== null) return;
    this.since = now;
    if (this.lastSaid !== null && now - this.lastSaid < FAULT_LOG_INTERVAL_MS) return;
    this.lastSaid = now;
    this.said = true;
    this.log.error({
      code: fault.code,
      ...(fault.reason !== undefined ? { reason: fault.reason } : {}),
      ...(witness !== undefined ? witnessDetails(witness) : {}),
    }, fault.logMessage);
  }

  /** Statements are served in time again: the spell, if there was one, is over. */
  eased(now = Date.now()): void {
    if (this.since === null) return;
    const busyFor = now - this.since;
    this.since = null;
    if (!this.said) return;
    this.said = false;
    this.log.info({ busyForSeconds: Math.round(busyFor / 1000) }, serverMessages.databaseBusyEndedLog);
  }
}

const accounts = new WeakMap<object, DatabaseBusy>();

/** The busy account of the process that writes to `log` (one logger per process, so one account). */
export function busyOf(log: OutageLog): DatabaseBusy {
  let account = accounts.get(log);
  if (account === undefined) {
    account = new DatabaseBusy(log);
    accounts.set(log, account);
  }
  return account;
}
