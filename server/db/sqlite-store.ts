import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS, withUnicodeLower } from './database.ts';
import { ConnectionTurns } from './connection-turns.ts';
import { insideTransactionOf, refuseInsideTransactionOf } from './outer-store-guard.ts';
import type { RunResult, SqlParams, SqlValue, Store, StoreSession } from './store.ts';

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
 * the interface's sake. While a transaction is open (it may await between statements), statements
 * from outside it do not join it on the shared connection: reads go to a second, read-only
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

  /** `onClose` runs once the connection is closed (open-store.ts gives back the writer lock there). */
  constructor(
    readonly db: Database.Database,
    private readonly onClose?: () => void,
  ) {
    // the searches' lowering of every letter (like-pattern.ts)
    withUnicodeLower(db);
  }

  /** The statement for `sql`, prepared once. */
  statement(sql: string): Statement {
    return prepared(this.db, this.statements, sql);
  }

  async all<Row>(sql: string, params: SqlParams = []): Promise<Row[]> {
    while (this.gate && !this.readerReady(sql)) await this.openTransactionEnd();
    return this.readStatement(sql).all(...bindable(params)) as Row[];
  }

  async get<Row>(sql: string, params: SqlParams = []): Promise<Row | undefined> {
    while (this.gate && !this.readerReady(sql)) await this.openTransactionEnd();
    return this.readStatement(sql).get(...bindable(params)) as Row | undefined;
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
      const db = new Database(this.db.name, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
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

  async run(sql: string, params: SqlParams = []): Promise<RunResult> {
    while (this.gate) await this.openTransactionEnd();
    return { changes: this.statement(sql).run(...bindable(params)).changes };
  }

  async exec(sql: string): Promise<void> {
    while (this.gate) await this.openTransactionEnd();
    this.db.exec(sql);
  }

  async transaction<T>(work: (tx: StoreSession) => Promise<T>): Promise<T> {
    while (this.gate) await this.openTransactionEnd();
    let release!: () => void;
    this.gate = new Promise<void>((resolve) => (release = resolve));
    const turns = new ConnectionTurns();
    try {
      // IMMEDIATE takes the write lock now, so two processes never both read then both write.
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await insideTransactionOf(this, () => work(new SqliteTransaction(this, turns, 0)));
        await turns.statement(() => this.db.exec('COMMIT'));
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
