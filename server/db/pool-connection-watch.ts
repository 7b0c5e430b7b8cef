import { serverMessages } from '../messages.ts';
import { outageOf, type OutageLog } from './database-outage.ts';
import { storageFault, unreachableFault, type StorageFault } from './storage-fault.ts';

/** The log of the pool's connection events. */
export interface PoolLog extends OutageLog {
  warn(details: object, message: string): void;
}

/** The hooks a PostgresStore calls with its pool's connection events. */
export interface PoolConnectionWatch {
  /** An idle connection failed (the pool has already dropped it). */
  onIdleError(error: Error): void;
  /** A new connection to the server was made. */
  onConnected(): void;
}

/** Who the outage's line names when the check after lost connections finds the server away. */
const CHECK_TASK = 'check after idle connections were lost';

/**
 * What the pool's connections tell the log. When the server goes away every idle connection dies
 * at once (ten lines for a pool of ten, were each said); when the server closes one for its own
 * reasons (an administrator, idle_session_timeout) the store is fine. One new connection, made
 * after the burst, tells which, and it is said once: as the outage (its line shared with the
 * requests', so at most one a minute), or as connections the server closed. A connection made
 * ends an outage. An idle connection failing for another reason is logged with its stack.
 * `database` (host:port/database) names the server on the outage's lines.
 */
export function watchPoolConnections(log: PoolLog, connect: () => Promise<void>, database?: string): PoolConnectionWatch {
  const outage = outageOf(log, database);
  let burst: { lost: number; code: string; reason: string } | null = null;

  const check = async (): Promise<void> => {
    try {
      await connect().catch((error: unknown) => {
        const fault = storageFault(error) ?? unreachableFault(error);
        // a server with no slot left for the check still answers: requests say it is full
        if (fault.unreachable) throw fault;
      });
      outage.answered();
      if (burst !== null) log.info({ closed: burst.lost, code: burst.code, reason: burst.reason }, serverMessages.databaseConnectionsClosedLog);
    } catch (fault) {
      outage.unreachable(fault as StorageFault, { task: CHECK_TASK });
    } finally {
      burst = null;
    }
  };

  return {
    onIdleError(error) {
      const fault = storageFault(error);
      if (fault === null || !fault.unreachable) {
        log.warn({ err: error }, serverMessages.databaseConnectionErrorLog);
        return;
      }
      if (burst !== null) {
        burst.lost += 1;
        return;
      }
      burst = { lost: 1, code: fault.code, reason: error.message };
      // the check makes a new connection (an idle one may be about to fail too), once the burst's
      // other connections, failing in the same moment, have been counted
      setImmediate(() => void check());
    },
    onConnected: () => outage.answered(),
  };
}
