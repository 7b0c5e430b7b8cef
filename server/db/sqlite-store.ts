import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS, withUnicodeLower } from './database.ts';
import { ConnectionTurns } from './connection-turns.ts';
import { insideTransactionOf, refuseInsideTransactionOf } from './outer-store-guard.ts';
import type { RunResult, SqlParams, SqlValue, Store, StoreSession } from './store.ts';

/**
 * How long a wait for another connection's lock sleeps before trying again: SQLite's own busy
 * handler's steps (short at first, for a sibling process's short write, then every 0.1 s), but
 * awaited on a timer instead of sleeping in the statement, which would hold the whole process
 * still (pages, the health check) for as long as the lock is held elsewhere.
 */
export const LOCK_RETRY_WAITS_MS: readonly number[] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];

/** Told when a wait for the file's lock ran past its budget (SQLITE_BUSY), and when the lock was next taken. */
export interface LockWatch {
  busy(error: unknown): void;
  eased(): void;
}

export interface SqliteStoreOptions {
  /** How long a statement or a transaction's start waits in all for another connection's lock (default BUSY_TIMEOUT_MS). */
  busyWaitMs?: number;
  lockWatch?: LockWatch;
}

/** Another connection holds the lock the statement needs (SQLITE_BUSY and its extended codes). */
function isBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * The time the store has spent waiting for the file's lock (while any of its statements waited):
 * a caller's share of the budget is what this clock advanced since it asked, so statements queued
 * behind a transaction that waits for the lock give up with it rather than each waiting its own
 * budget in turn, while time spent behind a transaction of this process that holds the lock (an
 * import that yields) is not counted, as before.
 */
class LockWaitClock {
  private waiting = 0;
  private since = 0;
  private total = 0;

  now(): number {
    return this.total + (this.waiting > 0 ? Date.now() - this.since : 0);
  }

  async sleep(ms: number): Promise<void> {
    if (this.waiting++ === 0) this.since = Date.now();
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      if (--this.waiting === 0) this.total += Date.now() - this.since;
    }
  }
}

/** Prepared statements kept per connection; SQL comes from code, so this only guards odd growth. */
const STATEMENT_CACHE_SIZE = 1000;

type Statement = Database.Statement<unknown[], unknown>;

/** better-sqlite3 takes no booleans: flags are stored as 0 and 1 on both engines. */
function bindable(params: SqlParams): unknown[] {
  const out: unknown[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) {
    const value: SqlValue = params[i]!;
    out[i] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return out;
}

/**
 * The store on one better-sqlite3 connection. Statements run synchronously; the promises exist for
 * the interface's sake, and for waiting on another connection's lock: the connection's own busy
 * timeout is 0 (SQLite would sleep in the statement, the whole process with it), and what met
 * SQLITE_BUSY is tried again after a timer, up to the busy budget (5 s), then fails with it (503).
 * Only what has not begun is tried again: a transaction's BEGIN IMMEDIATE, a single statement
 * outside a transaction (SQLite rolls back all of it when it fails), a read, and a COMMIT that
 * left the transaction open; never a statement inside a transaction. In WAL mode reads are not
 * blocked by a writer, so pages go on while writes wait.
 *
 * While a transaction is open (it may await between statements), statements from outside it do
 * not join it on the shared connection: reads go to a second, read-only
 * connection of the same file, which WAL lets see the last committed state meanwhile (as another
 * PostgreSQL connection would), so a long write that yields (an import) does not hold every page;
 * writes wait for the transaction's end. One sent through the store by the transaction's own work
 * throws instead of waiting for ever (outer-store-guard.ts). A store in memory has no second
 * connection: its reads wait too.
 */
export class SqliteStore implements Store {
  readonly dialect = 'sqlite' as const;
  readonly inTransaction = false;
  private readonly statements = new Map<string, Statement>();
  /** Settles when the open transaction ends; null when none is open. */
  private gate: Promise<void> | null = null;
  /** The read-only connection reads use while a transaction is open; opened at the first such read. */
  private reader: { db: Database.Database; statements: Map<string, Statement> } | null = null;
  private readonly lockWaits = new LockWaitClock();
  private busyWaitMs: number;
  private readonly lockWatch: LockWatch | undefined;
  /** A wait for the lock gave up since the lock was last taken: the next one taken ends the spell. */
  private gaveUp = false;

  /** `onClose` runs once the connection is closed (open-store.ts gives back the writer lock there). */
  constructor(
    readonly db: Database.Database,
    private readonly onClose?: () => void,
    options: SqliteStoreOptions = {},
  ) {
    // the searches' lowering of every letter (like-pattern.ts)
    withUnicodeLower(db);
    // waits for a lock are the store's, on a timer (retryWhileBusy)
    if (db.open) db.pragma('busy_timeout = 0');
    this.busyWaitMs = options.busyWaitMs ?? BUSY_TIMEOUT_MS;
    this.lockWatch = options.lockWatch;
  }

  /** How long a statement or a transaction's start waits in all for another connection's lock, from now on. */
  get busyBudgetMs(): number {
    return this.busyWaitMs;
  }

  set busyBudgetMs(ms: number) {
    this.busyWaitMs = ms;
  }

  /**
   * After `error` from an attempt begun at `asked` (the lock clock's time): throws it unless it is
   * SQLITE_BUSY met outside a transaction with budget left, else waits the next step (the
   * `tries`th) for the caller to try again.
   */
  private async retryWhileBusy(error: unknown, asked: number, tries: number, on: Database.Database): Promise<void> {
    if (!isBusy(error) || on.inTransaction) throw error;
    const used = this.lockWaits.now() - asked;
    if (used >= this.busyWaitMs) {
      if (!this.gaveUp) {
        this.gaveUp = true;
        this.lockWatch?.busy(error);
      }
      throw error;
    }
    const step = LOCK_RETRY_WAITS_MS[Math.min(tries, LOCK_RETRY_WAITS_MS.length - 1)]!;
    await this.lockWaits.sleep(Math.min(step, this.busyWaitMs - used));
  }

  /** The file's write lock was taken: a spell of giving up, if there was one, is over. */
  private lockTaken(): void {
    if (!this.gaveUp) return;
    this.gaveUp = false;
    this.lockWatch?.eased();
  }

  /** A read (or a write through all/get: INSERT … RETURNING), tried again while the file is busy. */
  private async read<T>(sql: string, take: (statement: Statement) => T): Promise<T> {
    const asked = this.lockWaits.now();
    for (let tries = 0; ; tries++) {
      while (this.gate && !this.readerReady(sql)) await this.openTransactionEnd();
      const statement = this.readStatement(sql);
      try {
        const result = take(statement);
        if (!statement.readonly) this.lockTaken();
        return result;
      } catch (error) {
        await this.retryWhileBusy(error, asked, tries, statement.database);
      }
    }
  }

  /** A write outside a transaction (one statement: SQLite undoes all of it when it fails), tried again while the file is busy. */
  private async write<T>(attempt: () => T): Promise<T> {
    const asked = this.lockWaits.now();
    for (let tries = 0; ; tries++) {
      while (this.gate) await this.openTransactionEnd();
      try {
        const result = attempt();
        this.lockTaken();
        return result;
      } catch (error) {
        await this.retryWhileBusy(error, asked, tries, this.db);
      }
    }
  }

  /** The statement for `sql`, prepared once. */
  statement(sql: string): Statement {
    return prepared(this.db, this.statements, sql);
  }

  all<Row>(sql: string, params: SqlParams = []): Promise<Row[]> {
    return this.read(sql, (statement) => statement.all(...bindable(params)) as Row[]);
  }

  get<Row>(sql: string, params: SqlParams = []): Promise<Row | undefined> {
    return this.read(sql, (statement) => statement.get(...bindable(params)) as Row | undefined);
  }

  /**
   * Whether reads may go to the reader now (a transaction is open): the file has one and the
   * caller is not the transaction's own work, which throws (it must use its `tx`). A statement
   * that writes (INSERT … RETURNING through `get`) waits for the transaction's end, as writes do.
   */
  private readerReady(sql: string): boolean {
    refuseInsideTransactionOf(this);
    if (!this.statement(sql).readonly) return false;
    if (this.reader === null) {
      if (this.db.memory || this.db.readonly || !this.db.open) return false;
      // its waits for a lock are the store's too (read)
      const db = new Database(this.db.name, { readonly: true, fileMustExist: true, timeout: 0 });
      this.reader = { db: withUnicodeLower(db), statements: new Map() };
    }
    return true;
  }

  /** A read's statement: on the reader while a transaction is open (it sees what was committed), else on the store's connection. */
  private readStatement(sql: string): Statement {
    const reader = this.reader;
    if (this.gate === null || reader === null || !this.statement(sql).readonly) return this.statement(sql);
    return prepared(reader.db, reader.statements, sql);
  }

  run(sql: string, params: SqlParams = []): Promise<RunResult> {
    return this.write(() => ({ changes: this.statement(sql).run(...bindable(params)).changes }));
  }

  async exec(sql: string): Promise<void> {
    if (this.isOneStatement(sql)) {
      await this.write(() => this.db.exec(sql));
      return;
    }
    // Several statements: one that met the lock may follow others already done, so none is tried
    // again; SQLite waits for the lock itself, in the statement (a migration's script, a test's).
    while (this.gate) await this.openTransactionEnd();
    this.db.pragma(`busy_timeout = ${this.busyWaitMs}`);
    try {
      this.db.exec(sql);
    } finally {
      this.db.pragma('busy_timeout = 0');
    }
  }

  /** Whether `sql` is a single statement (better-sqlite3 prepares one only). */
  private isOneStatement(sql: string): boolean {
    try {
      this.statement(sql);
      return true;
    } catch (error) {
      // another failure (no such table) is the statement's own, as exec would throw it
      return !(error instanceof RangeError);
    }
  }

  async transaction<T>(work: (tx: StoreSession) => Promise<T>): Promise<T> {
    // asked now: waiting behind this process's own transaction that waits for the lock counts
    const asked = this.lockWaits.now();
    while (this.gate) await this.openTransactionEnd();
    let release!: () => void;
    this.gate = new Promise<void>((resolve) => (release = resolve));
    const turns = new ConnectionTurns();
    try {
      // IMMEDIATE takes the write lock now, so two processes never both read then both write;
      // while another holds it, this waits on a timer (nothing of the transaction has run yet)
      await this.begin(asked);
      try {
        const result = await insideTransactionOf(this, () => work(new SqliteTransaction(this, turns, 0)));
        await turns.statement(() => this.commit());
        return result;
      } catch (error) {
        // in its turn: a statement the work asked for and left waiting must not run after the transaction
        await turns.statement(() => {
          if (this.db.inTransaction) this.db.exec('ROLLBACK');
        });
        throw error;
      }
    } finally {
      this.gate = null;
      release();
    }
  }

  /** BEGIN IMMEDIATE, tried again while another connection holds the write lock, up to the budget. */
  private async begin(asked: number): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        this.db.exec('BEGIN IMMEDIATE');
        this.lockTaken();
        return;
      } catch (error) {
        // a BEGIN that failed leaves no transaction open; should one be, it ends before a try again
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        await this.retryWhileBusy(error, asked, tries, this.db);
      }
    }
  }

  /**
   * COMMIT. In WAL mode it meets no lock (the transaction holds the write lock); should it meet one
   * (SQLITE_BUSY leaves the transaction open, its work intact), it is tried again up to the budget.
   */
  private async commit(): Promise<void> {
    const asked = this.lockWaits.now();
    for (let tries = 0; ; tries++) {
      try {
        this.db.exec('COMMIT');
        return;
      } catch (error) {
        if (!isBusy(error) || !this.db.inTransaction) throw error;
        const used = this.lockWaits.now() - asked;
        if (used >= this.busyWaitMs) throw error;
        await this.lockWaits.sleep(Math.min(LOCK_RETRY_WAITS_MS[Math.min(tries, LOCK_RETRY_WAITS_MS.length - 1)]!, this.busyWaitMs - used));
      }
    }
  }

  /**
   * The end of the open transaction, to wait for; throws when the caller is that transaction's own
   * work. Not async: the waiter must take the store in the same turn it sees the gate gone.
   */
  private openTransactionEnd(): Promise<void> {
    refuseInsideTransactionOf(this);
    return this.gate!;
  }

  /**
   * SQLite has no named locks: the work runs on the store itself and relies on its transactions
   * being IMMEDIATE (one writer across processes) and re-reading what they depend on.
   */
  exclusive<T>(_name: string, work: (session: StoreSession) => Promise<T>): Promise<T> {
    return work(this);
  }

  async ping(): Promise<void> {
    this.statement('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.statements.clear();
    if (this.reader?.db.open) this.reader.db.close();
    this.reader = null;
    if (this.db.open) this.db.close();
    this.onClose?.();
  }
}

/**
 * Statements of an open transaction (they pass the gate), taking turns as PostgreSQL's do
 * (connection-turns.ts); nested transactions are savepoints.
 */
class SqliteTransaction implements StoreSession {
  readonly dialect = 'sqlite' as const;
  readonly inTransaction = true;

  constructor(
    private readonly store: SqliteStore,
    private readonly turns: ConnectionTurns,
    private readonly depth: number,
  ) {}

  all<Row>(sql: string, params: SqlParams = []): Promise<Row[]> {
    return this.turns.statement(() => this.store.statement(sql).all(...bindable(params)) as Row[]);
  }

  get<Row>(sql: string, params: SqlParams = []): Promise<Row | undefined> {
    return this.turns.statement(() => this.store.statement(sql).get(...bindable(params)) as Row | undefined);
  }

  run(sql: string, params: SqlParams = []): Promise<RunResult> {
    return this.turns.statement(() => ({ changes: this.store.statement(sql).run(...bindable(params)).changes }));
  }

  async exec(sql: string): Promise<void> {
    await this.turns.statement(() => this.store.db.exec(sql));
  }

  transaction<T>(work: (tx: StoreSession) => Promise<T>): Promise<T> {
    const name = `nested_${this.depth + 1}`;
    return this.turns.hold(async () => {
      await this.exec(`SAVEPOINT ${name}`);
      try {
        const result = await work(new SqliteTransaction(this.store, this.turns, this.depth + 1));
        await this.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        await this.exec(`ROLLBACK TO ${name}`);
        await this.exec(`RELEASE ${name}`);
        throw error;
      }
    });
  }
}

/** The statement for `sql` on `db`, prepared once and kept in `cache` (emptied when full). */
function prepared(db: Database.Database, cache: Map<string, Statement>, sql: string): Statement {
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
