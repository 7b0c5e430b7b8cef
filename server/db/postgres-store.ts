import pg from 'pg';
import { createHash } from 'node:crypto';
import { withConnectionSlotWait } from './connection-slot-wait.ts';
import { ConnectionTurns } from './connection-turns.ts';
import { guardsOuterStatements, insideTransactionOf, refuseInsideTransactionOf } from './outer-store-guard.ts';
import { storageFault } from './storage-fault.ts';
import { numberedPlaceholders, type RunResult, type SqlParams, type Store, type StoreSession } from './store.ts';

export interface PostgresStoreOptions {
  connectionString: string;
  /** Connections this process keeps at most (default 10). */
  maxConnections?: number;
  /** Called with errors of idle connections (the server went away); they must not crash the process. */
  onIdleError?: (error: Error) => void;
  /** Called when a new connection to the server is made (the server answers: an outage is over). */
  onConnected?: () => void;
  /**
   * Every connection's transactions are read-only (default_transaction_read_only, set before the
   * pool hands the connection out): each write fails with SQLSTATE 25006, as SQLite's read-only
   * file refuses it, and storage-fault.ts answers both the same way.
   */
  readOnly?: boolean;
  /** How long a statement may run, waits for locks included, before the server cancels it (57014; default STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /**
   * Told when a statement waited too long (the statement or lock timeout, no connection of the pool
   * free in time: storage-fault.ts's busy faults) and when statements are served in time again.
   */
  onBusy?: (error: unknown) => void;
  onEased?: () => void;
  /** BUSY_QUIET_MS, shorter for tests. */
  busyQuietMs?: number;
}

/** How long a statement may run, waits for locks included (statement_timeout). */
export const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * A busy spell ends at a statement served in time once this long has passed since the last one that
 * waited too long and no statement of the store has been waiting this long: while a table stays
 * locked, statements on other tables are served all along, and those on it wait.
 */
export const BUSY_QUIET_MS = 5000;

/** Connections a process keeps at most when DATABASE_POOL_SIZE is not set. */
export const DEFAULT_POOL_SIZE = 10;

/** How long a new connection may take: an unreachable server fails in seconds, not at the system's timeout. */
const CONNECT_TIMEOUT_MS = 5000;

/** How long a connection the pool no longer uses is kept open before it is closed. */
export const IDLE_TIMEOUT_MS = 10_000;

// 64-bit integers (counts, epoch milliseconds) and numerics (sums) as numbers, as SQLite gives them.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  },
};

/** SQL text converted once: `?` to `$n`. */
const converted = new Map<string, string>();
function postgresSql(sql: string): string {
  let text = converted.get(sql);
  if (text === undefined) {
    text = numberedPlaceholders(sql);
    if (converted.size >= 2000) converted.clear();
    converted.set(sql, text);
  }
  return text;
}

/** A stable 64-bit advisory lock key for a name. */
function advisoryKey(name: string): string {
  return createHash('sha256').update(`storefront:${name}`).digest().readBigInt64BE(0).toString();
}

type Queryable = pg.Pool | pg.PoolClient;

/**
 * PostgreSQL text cannot hold U+0000 (SQLite's can): it becomes U+FFFD, the replacement character,
 * in every parameter, so a hostile value is stored and looked up instead of failing the statement
 * (and with it a whole batch). server/README.md lists this difference between the engines.
 */
const NUL = /\u0000/g;
function storableParams(params: SqlParams): unknown[] {
  let copy: unknown[] | null = null;
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    if (typeof value === 'string' && value.includes('\u0000')) {
      copy ??= [...params];
      copy[i] = value.replace(NUL, '\uFFFD');
    }
  }
  return copy ?? (params as unknown[]);
}

async function query<Row>(on: Queryable, sql: string, params: SqlParams): Promise<pg.QueryResult<Row & pg.QueryResultRow>> {
  return on.query<Row & pg.QueryResultRow>(postgresSql(sql), storableParams(params));
}

/** A statement on the pool: its connection, when the server is full, is waited for briefly (connection-slot-wait.ts). */
function poolQuery<Row>(pool: pg.Pool, sql: string, params: SqlParams): Promise<pg.QueryResult<Row & pg.QueryResultRow>> {
  return withConnectionSlotWait(() => query<Row>(pool, sql, params));
}

/**
 * Listens for the failure of a connection checked out of the pool, which listens only to its idle
 * ones: a server that ends the session between two statements (a restart, pg_terminate_backend)
 * says so as an 'error' event, which unheard would end the whole process. Heard, the next
 * statement fails instead, and the pool drops the connection when it comes back (pg-pool discards
 * one that is no longer queryable). Returns the call that stops listening, before the release.
 */
function watchWhileHeld(client: pg.PoolClient): () => void {
  const ignore = (): void => {};
  client.on('error', ignore);
  return () => client.removeListener('error', ignore);
}

/** The store on a PostgreSQL server through a pool of connections. */
export class PostgresStore implements Store {
  readonly dialect = 'postgres' as const;
  readonly inTransaction = false;
  readonly pool: pg.Pool;
  private readonly connectionString: string;
  /** Statements through the store from its own transaction's work throw (outer-store-guard.ts). */
  private readonly guarded = guardsOuterStatements('postgres');
  private readonly maxConnections: number;
  /** When a statement last waited too long; null once statements are served in time again. */
  private lastBusyAt: number | null = null;
  /** When each statement or transaction of the store now under way began. */
  private readonly underWay = new Set<{ since: number }>();
  private readonly busyQuietMs: number;
  private readonly onBusy: ((error: unknown) => void) | undefined;
  private readonly onEased: (() => void) | undefined;

  constructor(options: PostgresStoreOptions) {
    this.connectionString = options.connectionString;
    this.maxConnections = options.maxConnections ?? DEFAULT_POOL_SIZE;
    this.onBusy = options.onBusy;
    this.onEased = options.onEased;
    this.busyQuietMs = options.busyQuietMs ?? BUSY_QUIET_MS;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: this.maxConnections,
      types,
      // also how long a statement waits for a connection of the pool when all are in use
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      // an idle connection is given back to the server soon: other processes on the database (a
      // launch's WORKERS, other hosts, the commands) may need the slot more than this one needs it kept
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
      // awaited before the connection is used; when it fails the connection is closed, not used
      onConnect: options.readOnly === true ? async (client) => { await client.query('SET default_transaction_read_only = on'); } : undefined,
    });
    this.pool.on('error', (error) => options.onIdleError?.(error));
    this.pool.on('connect', () => options.onConnected?.());
  }

  /**
   * `work`'s outcome tells whether the database is busy: a statement that waited too long begins
   * (or prolongs) a spell, and one served in time ends it once nothing waits (BUSY_QUIET_MS).
   */
  private async watched<T>(work: Promise<T>): Promise<T> {
    const entry = { since: Date.now() };
    this.underWay.add(entry);
    try {
      const result = await work;
      this.underWay.delete(entry);
      if (this.lastBusyAt !== null && this.nothingWaits()) {
        this.lastBusyAt = null;
        this.onEased?.();
      }
      return result;
    } catch (error) {
      this.underWay.delete(entry);
      if (storageFault(error)?.busy === true) {
        this.lastBusyAt = Date.now();
        this.onBusy?.(error);
      }
      throw error;
    }
  }

  /** No statement waited too long for BUSY_QUIET_MS, and none under way has been waiting that long. */
  private nothingWaits(): boolean {
    const now = Date.now();
    if (now - this.lastBusyAt! < this.busyQuietMs) return false;
    for (const { since } of this.underWay) if (now - since >= this.busyQuietMs) return false;
    return true;
  }

  async all<Row>(sql: string, params: SqlParams = []): Promise<Row[]> {
    if (this.guarded) refuseInsideTransactionOf(this);
    return (await this.watched(poolQuery<Row>(this.pool, sql, params))).rows;
  }

  async get<Row>(sql: string, params: SqlParams = []): Promise<Row | undefined> {
    if (this.guarded) refuseInsideTransactionOf(this);
    return (await this.watched(poolQuery<Row>(this.pool, sql, params))).rows[0];
  }

  async run(sql: string, params: SqlParams = []): Promise<RunResult> {
    if (this.guarded) refuseInsideTransactionOf(this);
    return { changes: (await this.watched(poolQuery(this.pool, sql, params))).rowCount ?? 0 };
  }

  async exec(sql: string): Promise<void> {
    if (this.guarded) refuseInsideTransactionOf(this);
    await this.watched(withConnectionSlotWait(() => this.pool.query(sql)));
  }

  async transaction<T>(work: (tx: StoreSession) => Promise<T>): Promise<T> {
    if (this.guarded) refuseInsideTransactionOf(this);
    return this.watched(this.onClient(work));
  }

  private async onClient<T>(work: (tx: StoreSession) => Promise<T>): Promise<T> {
    const client = await withConnectionSlotWait(() => this.pool.connect());
    const session = new PostgresSession(client, new ConnectionTurns(), -1);
    const unwatch = watchWhileHeld(client);
    try {
      return this.guarded ? await insideTransactionOf(this, () => session.transaction(work)) : await session.transaction(work);
    } finally {
      unwatch();
      // a connection whose rollback failed is broken: the pool drops it instead of reusing it
      client.release(session.broken ? true : undefined);
    }
  }

  async exclusive<T>(name: string, work: (session: StoreSession) => Promise<T>): Promise<T> {
    if (this.guarded) refuseInsideTransactionOf(this);
    const client = await withConnectionSlotWait(() => this.pool.connect());
    const turns = new ConnectionTurns();
    const key = advisoryKey(name);
    const unwatch = watchWhileHeld(client);
    try {
      await turns.statement(() => client.query('SELECT pg_advisory_lock($1)', [key]));
      try {
        return await work(new PostgresSession(client, turns, -1));
      } finally {
        // after every statement the work asked for, even those still waiting when it threw
        await turns.statement(() => client.query('SELECT pg_advisory_unlock($1)', [key]));
      }
    } finally {
      unwatch();
      client.release();
    }
  }

  /**
   * Answers when the server does. While every connection of the pool is in use (statements waiting
   * on a lock, say) a new connection outside the pool shows it, instead of waiting up to 5 s for
   * one of them and taking a busy pool for an unreachable server.
   */
  async ping(): Promise<void> {
    if (this.pool.idleCount === 0 && this.pool.totalCount >= this.maxConnections) {
      await withConnectionSlotWait(() => this.connectOnce());
      return;
    }
    await withConnectionSlotWait(() => this.pool.query('SELECT 1'));
  }

  /**
   * Makes one new connection, outside the pool, and closes it: whether the server takes
   * connections now. Unlike ping it cannot be answered by an idle connection of the pool that is
   * about to fail, nor fail by taking one.
   */
  async connectOnce(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // a failure after connecting is no concern of a connection about to be closed
    client.on('error', () => {});
    try {
      await client.connect();
    } finally {
      await client.end().catch(() => {});
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Statements on one checked-out connection, one at a time (connection-turns.ts). depth -1: not in
 * a transaction yet (its transaction() begins one); 0: in a transaction; deeper: savepoints.
 */
class PostgresSession implements StoreSession {
  readonly dialect = 'postgres' as const;
  /** Set when a rollback failed: the connection must not go back to the pool. */
  broken = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly turns: ConnectionTurns,
    private readonly depth: number,
  ) {}

  get inTransaction(): boolean {
    return this.depth >= 0;
  }

  async all<Row>(sql: string, params: SqlParams = []): Promise<Row[]> {
    return (await this.turns.statement(() => query<Row>(this.client, sql, params))).rows;
  }

  async get<Row>(sql: string, params: SqlParams = []): Promise<Row | undefined> {
    return (await this.turns.statement(() => query<Row>(this.client, sql, params))).rows[0];
  }

  async run(sql: string, params: SqlParams = []): Promise<RunResult> {
    return { changes: (await this.turns.statement(() => query(this.client, sql, params))).rowCount ?? 0 };
  }

  async exec(sql: string): Promise<void> {
    await this.turns.statement(() => this.client.query(sql));
  }

  transaction<T>(work: (tx: StoreSession) => Promise<T>): Promise<T> {
    const depth = this.depth + 1;
    const savepoint = `nested_${depth}`;
    return this.turns.hold(async () => {
      await this.exec(depth === 0 ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      try {
        const result = await work(new PostgresSession(this.client, this.turns, depth));
        await this.exec(depth === 0 ? 'COMMIT' : `RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        try {
          // in its turn: after the statements the work asked for that had not run when it threw
          await this.exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT ${savepoint}`);
        } catch {
          // the connection itself failed; the first error is the one to report
          this.broken = true;
        }
        throw error;
      }
    });
  }
}
