/**
 * Moves a whole store from its SQLite file into a PostgreSQL database (`npm run move-to-postgres`),
 * for a shop that started on the embedded store and outgrew it.
 *
 * - The source is opened read-only and read in one read transaction (one snapshot of every table);
 *   it must be at this build's migration level (the move never migrates it) and pass quick_check.
 *   A file a process still has open for writing is refused, and no writer may open it until the
 *   move ends (store-writer-lock.ts): orders taken there after the copy would never reach PostgreSQL.
 * - The target gets its schema from the project's PostgreSQL migrations and is never seeded. It must
 *   hold no store yet; `replace` replaces one no customer has used (no orders, customer accounts,
 *   subscribers, restock sign-ups or form answers), such as the demo store a first start seeded.
 *   Once migrated it is marked as a move's (unfinished-move-mark.ts) until the copy commits, so a
 *   server never seeds a demo store where a failed move left it empty.
 * - Every table the migrations make is copied, parents before the rows that refer to them, in ONE
 *   PostgreSQL transaction that also checks each table's row count before it commits: all or nothing.
 *   Each row keeps its rowid (so `ORDER BY rowid` reads as before) and the serial sequences are set
 *   past the highest one; the counters (order numbers), secrets, sessions and the content version
 *   come along, so the next order takes the next number and signed-in visitors stay signed in.
 */
import type Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { serverMessages } from '../messages.ts';
import { openDatabase } from './database.ts';
import { databaseRole } from './database-url.ts';
import { isCorruptionError, quickCheckProblems } from './database-integrity.ts';
import { buildMigrations, migrate, UnbuiltMigrationsError } from './migrate.ts';
import { markStoreMoved } from './moved-store-mark.ts';
import { storeDescription } from './open-store.ts';
import { PostgresStore } from './postgres-store.ts';
import type { SqlValue, StoreSession } from './store.ts';
import { claimStore, type StoreLock } from './store-writer-lock.ts';
import { hasUnfinishedMove, markMoveBegun } from './unfinished-move-mark.ts';

export const moveMessages = {
  usage: 'usage: npm run move-to-postgres -- [--from FILE] [--to postgres://user:password@host:5432/db] [--replace] (copies the whole SQLite store in FILE, default DATABASE_PATH or data/store.db, into the PostgreSQL database --to, default DATABASE_URL, in one transaction; --help says more)',
  help: [
    'npm run move-to-postgres -- [--from FILE] [--to URL] [--replace]',
    '',
    'Copies a whole store from its SQLite file into a PostgreSQL database, in one transaction:',
    'products, orders (numbers carry on), accounts and staff, settings, subscribers, sign-ups,',
    'emails, stock history, sessions. The SQLite file is only read. Stop the shop first (or run',
    'it with DATABASE_READONLY=true). Files stay on disk: uploaded images in UPLOADS_DIR and digital',
    'products\' files in PRODUCT_FILES_DIR (by default product-files/ beside the uploads folder).',
    '',
    '  --from FILE  the store file (default DATABASE_PATH, else data/store.db); it must be at this',
    '               version\'s migration level: start this version\'s server on it once if not',
    '  --to URL     postgres://user:password@host:5432/db (default DATABASE_URL); the database is',
    '               migrated here and must hold no store yet',
    '  --replace    replace a store in the target that no customer has used (no orders, customer',
    '               accounts, subscribers, restock sign-ups or form answers), such as the demo',
    '               store a first start on PostgreSQL seeded',
    '',
    'Then start the shop with DATABASE_URL set to the same URL, and keep the file as a backup.',
  ].join('\n'),
  noTarget: 'say where to move the store: --to postgres://user:password@host:5432/db, or set DATABASE_URL',
  targetNotPostgres: '--to takes a postgres:// (or postgresql://) URL naming the database to move the store into',
  noSource: 'no store at {path}: --from names the shop\'s SQLite file (default DATABASE_PATH, else data/store.db)',
  sourceNotStore: '{path} is not a store file (no schema_migrations table)',
  sourceUnreadable: '{path} cannot be read as a SQLite store: {reason}',
  sourceDamaged: '{path} is damaged (quick_check: {problems}): restore a backup (npm run restore) and move that',
  sourceBehind: '{path} was last opened by an older version of the store ({missing} not applied): start this version\'s server on it once without DATABASE_READONLY (it migrates at start), stop it, and run the move again',
  sourceNewer: '{path} was migrated by a newer version of the store ({unknown}): run the move with that version',
  targetUnreachable: 'cannot reach {target}: {reason}',
  targetNoSchema: '{target}: its search_path names no schema that exists, so there is nowhere to make the tables',
  targetForeign: '{target} holds tables that are not a store\'s ({tables}): move into an empty database or schema',
  targetNewer: '{target} was migrated by a newer version of the store ({unknown}): run the move with that version',
  alreadyMoved: '{target} already holds this store: its orders include the file\'s last, #{orderNumber}, so it was moved there before; nothing was copied. Start the server with DATABASE_URL set to this database (to move into another one, make it empty first)',
  targetNotEmpty: '{target} already holds a store ({contents}): nothing was copied; move into an empty database, or add --replace to replace a store no customer has used yet',
  unfinishedMoveSeeded: '{target} holds a store a server seeded there while a move into it was unfinished ({contents}), most likely the demo store of a first start: nothing was copied; add --replace to move the shop in its place (it replaces only a store no customer has used)',
  replaceRefused: '{target} holds a store customers have used ({contents}): --replace only replaces one without orders, customer accounts, subscribers, restock sign-ups or form answers; nothing was copied',
  targetBusy: '{target} is in use (its tables stayed locked for {seconds} s): stop every server using it and run the move again; nothing was copied',
  targetNoCreate: `{target}: {role} may not make tables there ({reason}): ${serverMessages.ownTheDatabaseAdvice}; nothing was copied`,
  targetNotOwner: '{target}: the move turns the content-version triggers off while it copies, which only the owner of the tables may do: connect as the role that owns them (the one the server migrates with); nothing was copied',
  targetExtraTable: '{target} holds a table the store does not have ({table}): move into a database (or schema) of the store\'s own; nothing was copied',
  schemaDiffers: 'table {table} is not the same in the two engines\' migrations ({detail}): nothing was copied',
  copyFailed: 'copying {table} failed: {reason}; nothing was copied',
  countMismatch: 'copied {table}: {copied} where the store has {expected}; nothing was copied',
  starting: 'moving {source} to {target} ({rows} in {tables})',
  progress: '  {table}: {done} of {total}',
  done: 'moved {source} to {target}: {tables}, {rows} in {seconds} s, every table\'s row count checked ({products}, {orders}, {accounts}; the next order is #{nextOrder})',
  nulReplaced: '{values} the NUL character, which PostgreSQL text cannot: each is stored with U+FFFD in its place, as the server does',
} as const;

/** A refusal or failure the command prints as its one line. */
export class MoveError extends Error {
  override readonly name = 'MoveError';
}

/** A count with its noun, singular for one: "1 order", "2 orders" (the summary's counts are read by people). */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

function say(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function fail(message: string, values: Record<string, string | number> = {}): never {
  throw new MoveError(say(message, values));
}

export interface MoveOptions {
  /** The SQLite file. */
  from: string;
  /** postgres://… */
  to: string;
  /** Replace a store in the target that no customer has used. */
  replace?: boolean;
  /** Lines to show while it runs (the start, progress on large tables). */
  onProgress?: (line: string) => void;
  /** Tables of at least this many rows report progress (default 10,000). */
  progressRows?: number;
  /** How long to wait for the target's tables to be free (default 10 s). */
  lockTimeoutMs?: number;
}

export interface MoveSummary {
  source: string;
  target: string;
  /** Rows copied per table, in the order they were copied. */
  tables: Array<{ name: string; rows: number }>;
  rows: number;
  ms: number;
  nextOrderNumber: number;
  /** Text values whose U+0000 became U+FFFD (PostgreSQL text cannot hold it). */
  nulReplaced: number;
  /** The line the command prints. */
  message: string;
}

/** Tables the migrations write rows into themselves (an empty store still has these rows). */
const MIGRATION_FILLED = new Set(['content_versions', 'counters', 'server_secrets']);
/** Not store data: the migration runner's own record, kept as the target's migrations wrote it. */
const NOT_COPIED = new Set(['schema_migrations']);

/** What customers leave in a store: where one has any of these, --replace refuses. */
const CUSTOMER_DATA: ReadonlyArray<{ label: string; sql: string }> = [
  { label: 'order', sql: 'SELECT count(*) AS n FROM orders' },
  { label: 'customer account', sql: 'SELECT count(*) AS n FROM site_users WHERE contributor_role IS NULL' },
  { label: 'subscriber', sql: 'SELECT count(*) AS n FROM mailing_list' },
  { label: 'restock sign-up', sql: 'SELECT count(*) AS n FROM restock_signups' },
  { label: 'form answer', sql: 'SELECT count(*) AS n FROM form_submissions' },
];

const MAX_PARAMS_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 1000;

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;
/** This build's migrations (a bundle's own: one beside sources updated without a build refuses, UnbuiltMigrationsError). */
const migrationNames = (dialect: 'sqlite' | 'postgres'): string[] => buildMigrations(dialect).map((migration) => migration.name);
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// The source: the SQLite file, read-only

interface SourceTable {
  name: string;
  columns: string[];
  rows: number;
  /** sqlite_sequence's value for an AUTOINCREMENT table: ids never go back below it. */
  sequenceFloor: bigint;
}

function openSource(path: string): Database.Database {
  if (!existsSync(path) || !statSync(path).isFile()) fail(moveMessages.noSource, { path });
  let db: Database.Database;
  try {
    db = openDatabase(path, { readOnly: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    fail(moveMessages.sourceUnreadable, { path, reason: messageOf(error) });
  }
  return db;
}

function checkSource(db: Database.Database, path: string): void {
  let problems: string[];
  try {
    problems = quickCheckProblems(db);
  } catch (error) {
    if (isCorruptionError(error)) problems = [messageOf(error)];
    else throw error;
  }
  if (problems.length > 0) fail(moveMessages.sourceDamaged, { path, problems: problems.join('; ') });
  const hasMigrations = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!hasMigrations) fail(moveMessages.sourceNotStore, { path });
  const applied = new Set((db.prepare('SELECT name FROM schema_migrations').all() as Array<{ name: string }>).map((row) => row.name));
  const known = migrationNames('sqlite');
  const unknown = [...applied].filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0) fail(moveMessages.sourceNewer, { path, unknown: unknown.join(', ') });
  const missing = known.filter((name) => !applied.has(name));
  if (missing.length > 0) fail(moveMessages.sourceBehind, { path, missing: missing.join(', ') });
}

/** The store's tables as the snapshot holds them (call inside the read transaction). */
function readSourceTables(db: Database.Database): Map<string, SourceTable> {
  const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>)
    .map((row) => row.name)
    .filter((name) => !NOT_COPIED.has(name));
  const hasSequences = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get() !== undefined;
  const tables = new Map<string, SourceTable>();
  for (const name of names) {
    const columns = (db.prepare(`PRAGMA table_info(${quoted(name)})`).all() as Array<{ name: string }>).map((column) => column.name);
    const rows = Number((db.prepare(`SELECT count(*) AS n FROM ${quoted(name)}`).get() as { n: number }).n);
    const floor = hasSequences ? (db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').safeIntegers(true).get(name) as { seq: bigint } | undefined) : undefined;
    tables.set(name, { name, columns, rows, sequenceFloor: floor?.seq ?? 0n });
  }
  return tables;
}

/** The rows of a table in rowid order, a page at a time: [rowid, ...columns], integers as BigInt. */
function* sourcePages(db: Database.Database, table: SourceTable, pageSize: number): Generator<unknown[][]> {
  const statement = db
    .prepare(`SELECT rowid, ${table.columns.map(quoted).join(', ')} FROM ${quoted(table.name)} WHERE rowid > ? ORDER BY rowid LIMIT ?`)
    .safeIntegers(true)
    .raw(true);
  let after: bigint = -(2n ** 63n);
  for (;;) {
    const page = statement.all(after, pageSize) as unknown[][];
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]![0] as bigint;
    if (page.length < pageSize) return;
  }
}

// ---------------------------------------------------------------------------------------------
// The target: the PostgreSQL database (the schema its search_path names)

interface TargetTable {
  name: string;
  columns: string[];
  /** Columns filled by a sequence (rowid, the tracking tables' ids). */
  serialColumns: string[];
  /** Tables this one refers to (other than itself). */
  parents: Set<string>;
  /** A column referring to this same table, and the column it names (product categories' parent). */
  selfReference?: { column: string; references: string };
  hasTriggers: boolean;
}

async function targetTableNames(session: StoreSession): Promise<string[]> {
  const rows = await session.all<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((row) => row.name);
}

async function readTargetTables(session: StoreSession): Promise<Map<string, TargetTable>> {
  const tables = new Map<string, TargetTable>();
  for (const name of await targetTableNames(session)) {
    if (!NOT_COPIED.has(name)) tables.set(name, { name, columns: [], serialColumns: [], parents: new Set(), hasTriggers: false });
  }
  const columns = await session.all<{ table_name: string; column_name: string; column_default: string | null }>(
    'SELECT table_name, column_name, column_default FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position',
  );
  for (const column of columns) {
    const table = tables.get(column.table_name);
    if (!table) continue;
    table.columns.push(column.column_name);
    if (column.column_default?.startsWith('nextval(')) table.serialColumns.push(column.column_name);
  }
  const keys = await session.all<{ child: string; parent: string; child_column: string; parent_column: string }>(
    `SELECT cl.relname AS child, pcl.relname AS parent, a.attname AS child_column, pa.attname AS parent_column
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_class pcl ON pcl.oid = c.confrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND cl.relnamespace = current_schema()::regnamespace`,
  );
  for (const key of keys) {
    const table = tables.get(key.child);
    if (!table) continue;
    if (key.parent === key.child) table.selfReference = { column: key.child_column, references: key.parent_column };
    else table.parents.add(key.parent);
  }
  const triggered = await session.all<{ name: string }>(
    `SELECT DISTINCT cl.relname AS name FROM pg_trigger t JOIN pg_class cl ON cl.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND cl.relnamespace = current_schema()::regnamespace`,
  );
  for (const { name } of triggered) {
    const table = tables.get(name);
    if (table) table.hasTriggers = true;
  }
  return tables;
}

/** Parents before children (each table after every table it refers to), ties by name. */
function copyOrder(tables: Map<string, TargetTable>): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const waiting = [...tables.keys()].sort();
  while (waiting.length > 0) {
    const next = waiting.findIndex((name) => [...tables.get(name)!.parents].every((parent) => placed.has(parent) || !tables.has(parent)));
    if (next < 0) throw new MoveError(`the foreign keys of ${waiting.join(', ')} refer to each other in a circle: they cannot be copied in order`);
    const [name] = waiting.splice(next, 1);
    order.push(name!);
    placed.add(name!);
  }
  return order;
}

/** The target's tables that hold rows, with their counts, said as "3 rows in products, 1 row in orders". */
async function contentsOf(session: StoreSession, names: readonly string[], skip: ReadonlySet<string>): Promise<Array<{ name: string; rows: number }>> {
  const held: Array<{ name: string; rows: number }> = [];
  for (const name of names) {
    if (skip.has(name) || NOT_COPIED.has(name)) continue;
    const row = await session.get<{ n: number }>(`SELECT count(*) AS n FROM ${quoted(name)}`);
    if (Number(row?.n ?? 0) > 0) held.push({ name, rows: Number(row!.n) });
  }
  return held;
}

const describeContents = (held: ReadonlyArray<{ name: string; rows: number }>): string =>
  held.map(({ name, rows }) => `${counted(rows, 'row')} in ${name}`).join(', ');

async function customerData(session: StoreSession): Promise<string[]> {
  const found: string[] = [];
  for (const { label, sql } of CUSTOMER_DATA) {
    const row = await session.get<{ n: number }>(sql);
    if (Number(row?.n ?? 0) > 0) found.push(counted(Number(row!.n), label));
  }
  return found;
}

/**
 * What the target holds before anything is changed: refuses a database that is not a store's,
 * one migrated by a newer version, and one holding a store (unless `replace` and no customer has
 * used it). Changes nothing; says whether it holds a store (to be replaced).
 */
async function checkTarget(session: StoreSession, target: string, replace: boolean, lastOrder: SourceOrder | null): Promise<boolean> {
  const schema = await session.get<{ schema: string | null }>('SELECT current_schema() AS schema');
  if (!schema?.schema) fail(moveMessages.targetNoSchema, { target });
  const names = await targetTableNames(session);
  if (names.length === 0) return false;
  if (!names.includes('schema_migrations')) fail(moveMessages.targetForeign, { target, tables: names.slice(0, 5).join(', ') });
  const applied = (await session.all<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name);
  const known = migrationNames('postgres');
  const unknown = applied.filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0) fail(moveMessages.targetNewer, { target, unknown: unknown.join(', ') });
  return checkTargetContents(session, names, target, replace, lastOrder);
}

/** The file's newest order, by which a second move into the same database is told from a move into another store. */
interface SourceOrder {
  id: string;
  orderNumber: number;
}

function lastSourceOrder(db: Database.Database): SourceOrder | null {
  const row = db.prepare('SELECT id, order_number FROM orders ORDER BY rowid DESC LIMIT 1').get() as { id: string; order_number: number } | undefined;
  return row === undefined ? null : { id: row.id, orderNumber: Number(row.order_number) };
}

/** Whether the target holds a store (one `replace` may replace); refuses one it may not. */
async function checkTargetContents(session: StoreSession, names: readonly string[], target: string, replace: boolean, lastOrder: SourceOrder | null): Promise<boolean> {
  const held = await contentsOf(session, names, MIGRATION_FILLED);
  if (held.length === 0) return false;
  // the move run a second time: the operator is told it is done, rather than a list of tables and --replace (which refuses)
  if (lastOrder !== null && (await session.get('SELECT 1 AS found FROM orders WHERE id = ?', [lastOrder.id])) !== undefined) {
    fail(moveMessages.alreadyMoved, { target, orderNumber: lastOrder.orderNumber });
  }
  // seeded after a move began and did not land (by a server of an earlier version, or one that found the database empty just before this move marked it)
  if (!replace) fail(await hasUnfinishedMove(session) ? moveMessages.unfinishedMoveSeeded : moveMessages.targetNotEmpty, { target, contents: describeContents(held) });
  const used = await customerData(session);
  if (used.length > 0) fail(moveMessages.replaceRefused, { target, contents: used.join(', ') });
  return true;
}

/** Rows in an order where each comes after the row its self-reference names (product categories' parents). */
function parentsFirst(rows: unknown[][], keyIndex: number, parentIndex: number): unknown[][] {
  const present = new Set(rows.map((row) => row[keyIndex]));
  const placed = new Set<unknown>();
  const ordered: unknown[][] = [];
  let pending = rows;
  while (pending.length > 0) {
    const later: unknown[][] = [];
    for (const row of pending) {
      const parent = row[parentIndex];
      if (parent === null || placed.has(parent) || !present.has(parent)) {
        ordered.push(row);
        placed.add(row[keyIndex]);
      } else {
        later.push(row);
      }
    }
    // a circle of parents: left in rowid order, for PostgreSQL to refuse by name
    if (later.length === pending.length) return [...ordered, ...later];
    pending = later;
  }
  return ordered;
}

function pgCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

// ---------------------------------------------------------------------------------------------

/** Copies the store in `options.from` into the database at `options.to`. Throws MoveError with one line when it refuses. */
export async function moveToPostgres(options: MoveOptions): Promise<MoveSummary> {
  const started = Date.now();
  const source = options.from;
  const target = storeDescription({ databasePath: options.from, databaseUrl: options.to });
  const progressRows = options.progressRows ?? 10_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const show = options.onProgress ?? (() => {});

  const db = openSource(source);
  let store: PostgresStore | undefined;
  let claim: StoreLock | null = null;
  try {
    // orders a running server took after the copy read its table would stay behind in the file;
    // the claim is held to the end, so no server starts writing to it meanwhile
    claim = claimStore(source);
    if (claim === null) fail(serverMessages.moveStoreHasWriter, { path: source });
    checkSource(db, source);
    store = new PostgresStore({ connectionString: options.to, maxConnections: 2 });
    // one snapshot of every table, even should a server still be writing to the file
    db.exec('BEGIN');
    const sourceTables = readSourceTables(db);
    const lastOrder = lastSourceOrder(db);

    try {
      await store.ping();
    } catch (error) {
      fail(moveMessages.targetUnreachable, { target, reason: messageOf(error) });
    }
    const replacing = await checkTarget(store, target, options.replace === true, lastOrder);
    // the schema by the project's own migrations (what a server start does, without the seed)
    try {
      await migrate(store);
    } catch (error) {
      // since PostgreSQL 15 only a database's owner may make tables in its public schema
      if (pgCode(error) === '42501') fail(moveMessages.targetNoCreate, { target, role: databaseRole(options.to), reason: messageOf(error) });
      throw error;
    }
    // committed before the copy, and taken away by it: a server finding the database empty after a failed copy does not seed it
    // (a store being replaced is there again after one, as it was)
    if (!replacing) await markMoveBegun(store);
    const targetTables = await readTargetTables(store);

    for (const [name, table] of sourceTables) {
      const wanted = targetTables.get(name);
      if (!wanted) fail(moveMessages.schemaDiffers, { table: name, detail: 'missing on PostgreSQL' });
      const copied = wanted.columns.filter((column) => column !== 'rowid');
      const missing = table.columns.filter((column) => !copied.includes(column));
      const extra = copied.filter((column) => !table.columns.includes(column));
      if (missing.length > 0 || extra.length > 0) {
        const detail = [missing.length > 0 ? `only SQLite has ${missing.join(', ')}` : '', extra.length > 0 ? `only PostgreSQL has ${extra.join(', ')}` : ''].filter(Boolean).join('; ');
        fail(moveMessages.schemaDiffers, { table: name, detail });
      }
    }
    for (const name of targetTables.keys()) {
      if (!sourceTables.has(name)) fail(moveMessages.targetExtraTable, { target, table: name });
    }

    const order = copyOrder(targetTables);
    const totalRows = [...sourceTables.values()].reduce((sum, table) => sum + table.rows, 0);
    show(say(moveMessages.starting, { source, target, rows: counted(totalRows, 'row'), tables: counted(order.length, 'table') }));
    let nulReplaced = 0;

    const copiedTables = await store.transaction(async (tx) => {
      await tx.exec(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
      // no server may read or write the tables while they fill (one starting now waits, then finds the store)
      try {
        await tx.exec(`LOCK TABLE ${order.map(quoted).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      } catch (error) {
        if (pgCode(error) === '55P03') fail(moveMessages.targetBusy, { target, seconds: Math.round(lockTimeoutMs / 1000) });
        throw error;
      }
      // again under the locks: a server may have seeded it since the first look
      await checkTargetContents(tx, order, target, options.replace === true, lastOrder);
      const versionsBefore = await tx.all<{ name: string; version: number | string }>('SELECT name, version FROM content_versions');

      // The content-version triggers move one row per inserted row: within one transaction every
      // update of that row lengthens its version chain, so they are off while the rows go in.
      const triggered = order.filter((name) => targetTables.get(name)!.hasTriggers);
      try {
        for (const name of triggered) await tx.exec(`ALTER TABLE ${quoted(name)} DISABLE TRIGGER USER`);
      } catch (error) {
        if (pgCode(error) === '42501') fail(moveMessages.targetNotOwner, { target });
        throw error;
      }

      // the rows the migrations wrote, this move's mark (unfinished-move-mark.ts) and, with replace, the store being replaced make way
      await tx.exec(`TRUNCATE ${order.map(quoted).join(', ')}`);

      const copied: Array<{ name: string; rows: number }> = [];
      for (const name of order) {
        const from = sourceTables.get(name)!;
        const to = targetTables.get(name)!;
        try {
          nulReplaced += await copyTable(db, tx, from, to, (done) => {
            if (from.rows >= progressRows) show(say(moveMessages.progress, { table: name, done, total: counted(from.rows, 'row') }));
          });
        } catch (error) {
          if (error instanceof MoveError) throw error;
          fail(moveMessages.copyFailed, { table: name, reason: messageOf(error) });
        }
        copied.push({ name, rows: from.rows });
      }

      for (const name of triggered) await tx.exec(`ALTER TABLE ${quoted(name)} ENABLE TRIGGER USER`);
      // a store replaced under a server that kept running: its cached pages and listings are stale, whatever the copied versions
      if (options.replace === true) {
        for (const before of versionsBefore) {
          await tx.run('UPDATE content_versions SET version = GREATEST(version, ?) + 1 WHERE name = ?', [Number(before.version), before.name]);
        }
      }

      for (const { name, rows } of copied) {
        const row = await tx.get<{ n: number }>(`SELECT count(*) AS n FROM ${quoted(name)}`);
        if (Number(row?.n) !== rows) fail(moveMessages.countMismatch, { table: name, copied: counted(Number(row?.n), 'row'), expected: rows });
      }
      return copied;
    });

    // while the claim is still held: from now on a server or npm run password without DATABASE_URL refuses the file
    try {
      markStoreMoved(source, target);
    } catch {
      // a folder nobody may write in (a copy on read-only media): no server could open the store there for writing either
    }
    const rowsOf = (name: string): number => copiedTables.find((table) => table.name === name)?.rows ?? 0;
    const counter = db.prepare("SELECT value FROM counters WHERE name = 'order-number'").get() as { value: number } | undefined;
    const nextOrderNumber = Number(counter?.value ?? 1000) + 1;
    const ms = Date.now() - started;
    const message = say(moveMessages.done, {
      source, target, tables: counted(copiedTables.length, 'table'), rows: counted(totalRows, 'row'), seconds: (ms / 1000).toFixed(1),
      products: counted(rowsOf('products'), 'product'), orders: counted(rowsOf('orders'), 'order'), accounts: counted(rowsOf('site_users'), 'account'), nextOrder: nextOrderNumber,
    }) + (nulReplaced > 0 ? `\n${say(moveMessages.nulReplaced, { values: counted(nulReplaced, 'text value held', 'text values held') })}` : '');
    return { source, target, tables: copiedTables, rows: totalRows, ms, nextOrderNumber, nulReplaced, message };
  } catch (error) {
    // a build beside sources updated without building them: its own line and exit code (78), which names no URL
    if (error instanceof UnbuiltMigrationsError) throw error;
    // pg's own messages name the host and user at most; never the password, but make sure
    throw error instanceof MoveError ? new MoveError(withoutPassword(error.message, options.to)) : new Error(withoutPassword(messageOf(error), options.to));
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    claim?.release();
    await store?.close();
  }
}

/** `message` with the URL's password (raw or URL-encoded) masked, should a library have echoed it. */
function withoutPassword(message: string, url: string): string {
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    return message;
  }
  if (password === '') return message;
  let masked = message.replaceAll(password, '***');
  try {
    masked = masked.replaceAll(decodeURIComponent(password), '***');
  } catch {
    // a password that is not valid percent-encoding is masked as written
  }
  return masked;
}

/** Copies one table's rows in rowid order and sets its sequences past them; returns the NUL characters replaced. */
async function copyTable(
  db: Database.Database,
  tx: StoreSession,
  from: SourceTable,
  to: TargetTable,
  progress: (done: number) => void,
): Promise<number> {
  const withRowid = to.columns.includes('rowid');
  const columns = [...(withRowid ? ['rowid'] : []), ...from.columns];
  const rowsPerInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS_PER_INSERT / columns.length)));
  const rowSql = `(${columns.map(() => '?').join(', ')})`;
  const head = `INSERT INTO ${quoted(to.name)} (${columns.map(quoted).join(', ')}) VALUES `;
  const statements = new Map<number, string>();
  const sqlFor = (count: number): string => {
    let sql = statements.get(count);
    if (!sql) {
      sql = head + Array.from({ length: count }, () => rowSql).join(', ');
      statements.set(count, sql);
    }
    return sql;
  };
  // each source row is [rowid, ...columns]; the target takes rowid only where it has the column
  const valuesOf = (row: unknown[]): unknown[] => (withRowid ? row : row.slice(1));

  let nul = 0;
  let done = 0;
  let lastShown = Date.now();
  const maxima = new Map<string, bigint>(to.serialColumns.map((column) => [column, from.sequenceFloor]));
  const serialIndexes = to.serialColumns.map((column) => ({ column, index: column === 'rowid' ? 0 : 1 + from.columns.indexOf(column) }));

  const insert = async (rows: unknown[][]): Promise<void> => {
    const params: SqlValue[] = [];
    for (const row of rows) {
      for (const { column, index } of serialIndexes) {
        const value = row[index];
        if (typeof value === 'bigint' && value > maxima.get(column)!) maxima.set(column, value);
      }
      for (const value of valuesOf(row)) {
        if (typeof value === 'string' && value.includes('\u0000')) nul += 1;
        params.push(value as SqlValue);
      }
    }
    await tx.run(sqlFor(rows.length), params);
    done += rows.length;
    const now = Date.now();
    if (done === from.rows || now - lastShown >= 2000) {
      progress(done);
      lastShown = now;
    }
  };

  if (to.selfReference) {
    // few rows (product categories): all read, each parent before its children
    const all = [...sourcePages(db, from, 100_000)].flat();
    const keyIndex = 1 + from.columns.indexOf(to.selfReference.references);
    const parentIndex = 1 + from.columns.indexOf(to.selfReference.column);
    const ordered = parentsFirst(all, keyIndex, parentIndex);
    for (let start = 0; start < ordered.length; start += rowsPerInsert) await insert(ordered.slice(start, start + rowsPerInsert));
  } else {
    for (const page of sourcePages(db, from, rowsPerInsert)) await insert(page);
  }

  for (const column of to.serialColumns) {
    const highest = maxima.get(column)!;
    // past the highest value copied, so rows added later sort after the moved ones
    await tx.get('SELECT setval(pg_get_serial_sequence(?, ?), ?, ?)', [quoted(to.name), column, highest > 0n ? highest : 1n, highest > 0n]);
  }
  return nul;
}
