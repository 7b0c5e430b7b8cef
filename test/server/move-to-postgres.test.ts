/**
 * `npm run move-to-postgres`: a shop that grew on the SQLite store moves, whole, to PostgreSQL.
 * The move itself needs a PostgreSQL server, so it runs in the postgres project only (with
 * TEST_DATABASE_URL); the refusals that come before any database is reached run on SQLite.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CANNOT_SERVE_EXIT_CODE } from '../../server/cluster.ts';
import { readConfig } from '../../server/config.ts';
import { moveCommand, moveExitCode } from '../../server/commands/move-to-postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { counted, moveMessages, moveToPostgres } from '../../server/db/move-to-postgres.ts';
import { markStoreMoved, readMovedMark, StoreMovedError } from '../../server/db/moved-store-mark.ts';
import { openStore, storeDescription, type StoreLocation } from '../../server/db/open-store.ts';
import type { Store } from '../../server/db/store.ts';
import { claimStore, StoreClaimedError } from '../../server/db/store-writer-lock.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { OWNER_EMAIL } from '../../server/security/owner-account.ts';
import { CONTRIBUTOR_ROLES } from '../../server/security/owner-permissions.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { bundledServerArgs } from './helpers/server-bundle.ts';
import { databaseDigest } from './helpers/database-digest.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { UNTHROTTLED } from './helpers/platform-server.ts';
import { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { logLine, startMain, stopMain, type MainProcess } from './helpers/start-main.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { freshPostgresUrl, ON_POSTGRES, TEST_DATABASE_URL } from './helpers/test-database.ts';
import { Visitor } from './helpers/visitor.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const OWNER_PASSWORD = 'the owner password from the SQLite days';
const folder = mkdtempSync(join(tmpdir(), 'move-to-postgres-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const shirt = seededProduct('linen-shirt');
const shirtInStock = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 12);
const lamp = seededProduct('brass-lamp');
const lampVariant = lamp.variants[0]!;

/** Runs the command as `npm run move-to-postgres -- args` would, with no DATABASE_URL or DATABASE_PATH but `env`'s. */
function move(args: string[], env: Record<string, string> = {}): { status: number; out: string; err: string } {
  const { DATABASE_PATH: _path, ...inherited } = process.env;
  try {
    const out = execFileSync(TSX, ['server/move-to-postgres-command.ts', ...args], {
      cwd: ROOT, env: { ...inherited, DATABASE_URL: '', ...env }, encoding: 'utf8', stdio: 'pipe',
    });
    return { status: 0, out, err: '' };
  } catch (error) {
    const failure = error as { status: number; stdout: string; stderr: string };
    return { status: failure.status, out: failure.stdout, err: failure.stderr.trim() };
  }
}

/** The command's work in this process, said as `move` would say it (tsx takes seconds a process on a busy machine). */
async function moveHere(args: string[], env: Record<string, string> = {}): Promise<{ status: number; out: string; err: string }> {
  const lines: string[] = [];
  try {
    lines.push(await moveCommand(args, { DATABASE_URL: '', ...env }, (line) => lines.push(line)));
    return { status: 0, out: lines.map((line) => `${line}\n`).join(''), err: '' };
  } catch (error) {
    return { status: moveExitCode(error), out: lines.map((line) => `${line}\n`).join(''), err: (error as Error).message };
  }
}

async function withStore<T>(location: StoreLocation, use: (store: Store) => Promise<T>): Promise<T> {
  const { store } = openStore(location);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

const fileHash = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A SQLite store as a shop leaves it: one file made by the app, at this build's migration level. */
async function sqliteStore(name: string): Promise<string> {
  const databasePath = join(folder, name, 'store.db');
  const server = await startServer({ databasePath, databaseUrl: '', ownerPassword: OWNER_PASSWORD });
  await server.stop();
  return databasePath;
}

describe('npm run move-to-postgres: its counts', () => {
  it('are said in English: one of a thing, or many things', () => {
    expect([counted(0, 'order'), counted(1, 'order'), counted(2, 'order'), counted(1, 'restock sign-up')]).toEqual(['0 orders', '1 order', '2 orders', '1 restock sign-up']);
    expect(counted(1, 'text value held', 'text values held')).toBe('1 text value held');
  });
});

describe.runIf(!ON_POSTGRES)('npm run move-to-postgres: what it refuses before reaching a database', () => {
  const nowhere = 'postgres://shop:n0t-for-print@127.0.0.1:1/none';

  it('explains itself, and says in one line what is missing', async () => {
    const help = move(['--help']);
    expect(help.status).toBe(0);
    expect(help.out).toBe(`${moveMessages.help}\n`);
    // a refused setting exits as the server's start does (78), from the command line too
    expect(move(['--to', 'mysql://shop:pw@db/shop'])).toEqual({ status: CANNOT_SERVE_EXIT_CODE, out: '', err: moveMessages.targetNotPostgres });
    expect(await moveHere(['--from'])).toEqual({ status: 1, out: '', err: moveMessages.usage });
    expect(await moveHere(['--wrong'])).toEqual({ status: 1, out: '', err: moveMessages.usage });
    expect(await moveHere(['--from', 'x.db'])).toEqual({ status: 1, out: '', err: moveMessages.noTarget });
    const missing = join(folder, 'none', 'store.db');
    expect(await moveHere(['--from', missing, '--to', nowhere])).toEqual({ status: 1, out: '', err: fillMessage(moveMessages.noSource, { path: missing }) });
    // the defaults are the server's: DATABASE_PATH, and DATABASE_URL for the target
    expect(await moveHere([], { DATABASE_PATH: missing, DATABASE_URL: nowhere })).toEqual({ status: 1, out: '', err: fillMessage(moveMessages.noSource, { path: missing }) });
  }, 90_000);

  it('refuses a URL whose password was not percent-encoded with the server\'s own line and exit code, before reaching anything', async () => {
    const mistyped = 'postgres://shop:p@ss#w0rd@127.0.0.1:1/shop';
    const hint = 'percent-encode special characters in the password (@ is %40, # is %23, / is %2F, ? is %3F, % is %25), and in the other parts of the URL';
    const given = await moveHere(['--from', 'x.db', '--to', mistyped]);
    expect(given).toEqual({ status: CANNOT_SERVE_EXIT_CODE, out: '', err: `--to postgres://***@127.0.0.1:1/shop cannot be read as written: ${hint}` });
    // from DATABASE_URL: word for word what the server's start says of it
    const fromEnvironment = await moveHere(['--from', 'x.db'], { DATABASE_URL: mistyped });
    expect(fromEnvironment).toEqual({ status: CANNOT_SERVE_EXIT_CODE, out: '', err: `DATABASE_URL postgres://***@127.0.0.1:1/shop cannot be read as written: ${hint}` });
    expect(() => readConfig({ DATABASE_URL: mistyped })).toThrow(fromEnvironment.err);
    expect(`${given.err}${fromEnvironment.err}`).not.toContain('w0rd');
  }, 60_000);

  it('refuses a file that is not a store, and one an older version left behind, and never changes either', async () => {
    const notStore = join(folder, 'other.db');
    const other = new Database(notStore);
    other.exec('CREATE TABLE notes (text TEXT)');
    other.close();
    expect(await moveHere(['--from', notStore, '--to', nowhere])).toEqual({ status: 1, out: '', err: fillMessage(moveMessages.sourceNotStore, { path: notStore }) });

    const current = await sqliteStore('behind');
    const behind = join(folder, 'behind', 'older.db');
    copyFileSync(current, behind);
    const db = new Database(behind);
    db.prepare('DELETE FROM schema_migrations WHERE name = ?').run('132_email_delivery_attempts.sql');
    db.close();
    const before = fileHash(behind);
    expect(await moveHere(['--from', behind, '--to', nowhere])).toEqual({
      status: 1, out: '', err: fillMessage(moveMessages.sourceBehind, { path: behind, missing: '132_email_delivery_attempts.sql' }),
    });
    expect(fileHash(behind)).toBe(before);

    const garbage = join(folder, 'garbage.db');
    writeFileSync(garbage, 'not a database at all, only text that is long enough to look like a header'.repeat(100));
    const refused = await moveHere(['--from', garbage, '--to', nowhere]);
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(new RegExp(`^${garbage.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} (cannot be read as a SQLite store|is damaged)`));
  }, 90_000);

  it('refuses a store a server still writes to, naming it, and goes on once it stopped or was killed; a read-only server may stay', async () => {
    const source = await sqliteStore('live');
    const refusal = { status: 1, out: '', err: fillMessage(serverMessages.moveStoreHasWriter, { path: source }) };
    // past the check, the move meets the unreachable target
    const wentOn = async (): Promise<string> => (await moveHere(['--from', source, '--to', nowhere])).err.split(':')[0]!;

    const server = await startServer({ databasePath: source, databaseUrl: '' });
    expect(await moveHere(['--from', source, '--to', nowhere])).toEqual(refusal);
    await server.stop();
    expect(await wentOn()).toBe('cannot reach postgres');

    // DATABASE_READONLY takes no orders: the shop may stay open for browsing while it moves
    const readOnly = openStore({ databasePath: source, readOnly: true });
    expect(await wentOn()).toBe('cannot reach postgres');
    await readOnly.store.close();

    // a server process killed outright (kill -9, the out-of-memory killer) leaves nothing behind that blocks the move
    // the process lets go of its store object and collects its garbage: the lock is the process's
    // until the store is closed (a collected lock connection closed itself, and the move went on)
    const hold = "import { openStore } from './server/db/open-store.ts'; openStore({ databasePath: process.argv[1] }); globalThis.gc(); globalThis.gc(); console.log('open'); setInterval(() => {}, 1000);";
    const killed = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', hold, source], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(killed.stdout, 'data');
      // from the command line too: the refusal's one line and exit code
      expect(move(['--from', source, '--to', nowhere])).toEqual(refusal);
    } finally {
      killed.kill('SIGKILL');
    }
    await once(killed, 'exit');
    expect(await wentOn()).toBe('cannot reach postgres');
  }, 90_000);

  it('keeps a server that starts while the move copies from opening the store for writing, and says why', async () => {
    const source = await sqliteStore('claimed');
    const claim = claimStore(source)!;
    try {
      // after waiting 5 s for the claim to end, as for any lock
      expect(() => openStore({ databasePath: source })).toThrow(new StoreClaimedError(source));
      expect(new StoreClaimedError(source).message).toBe(fillMessage(serverMessages.storeClaimed, { path: source }));
      // a read-only server takes no orders: it may serve the shop meanwhile
      await openStore({ databasePath: source, readOnly: true }).store.close();
    } finally {
      claim.release();
    }
    await openStore({ databasePath: source }).store.close();
  }, 30_000);

  it('a server started on the file while the move copies serves the maintenance page and waits: it refuses the file once moved, saying where the shop went, and takes over when the move failed', async () => {
    const moving = await sqliteStore('moving');
    const failing = await sqliteStore('failing');
    const claims = [claimStore(moving)!, claimStore(failing)!];
    const servers: MainProcess[] = [];
    try {
      servers.push(...await Promise.all([moving, failing].map((path) => startMain(path, { DATABASE_URL: '' }))));
      for (const [index, running] of servers.entries()) {
        const path = [moving, failing][index]!;
        // the move's claim is a lock: tried again every 2 s, as a file another process holds locked
        expect(running.lines().filter((line) => line.msg === serverMessages.startupFailureRetriedLog), running.output()).toEqual([
          expect.objectContaining({ code: 'SQLITE_BUSY', reason: fillMessage(serverMessages.storeClaimed, { path }) }),
        ]);
        expect((await fetch(`${running.url}/api/health`)).status).toBe(503);
      }
      // the move commits: its note is written while it still holds the claim
      markStoreMoved(moving, 'postgres://shop:***@db.internal:5432/shop');
      claims[0]!.release();
      // the other one fails (a target that is not empty, say): the file is still the shop's store
      claims[1]!.release();
      const [moved, failed] = servers as [MainProcess, MainProcess];
      const refusal = await logLine(moved, serverMessages.startupFailureLog);
      // one line, with what to do: set DATABASE_URL to the database the note names
      expect(refusal).toMatchObject({ reason: new StoreMovedError(moving, readMovedMark(moving)!).message });
      expect(moved.lines().filter((line) => line.msg === serverMessages.startupFailureLog)).toHaveLength(1);
      expect((await fetch(`${moved.url}/api/health`)).status).toBe(503);
      await logLine(failed, serverMessages.databaseReachedLog);
      expect((await fetch(`${failed.url}/api/health`)).status).toBe(200);
      expect(failed.lines().filter((line) => line.msg === serverMessages.startupFailureLog)).toEqual([]);
      for (const running of servers) expect(await stopMain(running)).toBe(0);
    } finally {
      for (const claim of claims) claim.release();
      for (const running of servers) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    }
  }, 90_000);

  it('never prints the password of the URL, even when the database cannot be reached', async () => {
    const source = await sqliteStore('unreachable');
    const refused = await moveHere(['--from', source, '--to', nowhere]);
    expect(refused.status).toBe(1);
    expect(refused.err).toContain(storeDescription({ databasePath: source, databaseUrl: nowhere }));
    expect(refused.err.startsWith('cannot reach postgres://shop:***@127.0.0.1:1/none: ')).toBe(true);
    expect(`${refused.out}${refused.err}`).not.toContain('n0t-for-print');
  }, 60_000);
});

describe.runIf(ON_POSTGRES)('npm run move-to-postgres: a shop moves from SQLite to PostgreSQL', () => {
  let source: RunningServer;
  let sourcePath: string;
  let staffPassword = '';
  const before: Record<string, unknown> = {};

  beforeAll(async () => {
    // the shop on SQLite (databaseUrl '' keeps this one off PostgreSQL on the postgres run)
    sourcePath = join(folder, 'shop', 'store.db');
    source = await startServer({ databasePath: sourcePath, databaseUrl: '', ownerPassword: OWNER_PASSWORD, rateLimits: UNTHROTTLED });
    const owner = await new SiteUserVisitor(source.url).signIn(OWNER_EMAIL, OWNER_PASSWORD);

    // an order through the checkout
    const shopper = await new Visitor(source.url).start();
    expect((await shopper.post(API_PATHS.cartEntries, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 2 })).status).toBe(200);
    const placed = await placeOrderThroughCheckout(shopper);
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.orderNumber).toBe(1001);
    before.confirmationUrl = placed.body.confirmationUrl;

    // a staff member, a restock sign-up, a settings change and a stock edit (stock history)
    const added = await owner.post<{ password: string }>('/api/admin/staff', { email: 'packer@example.com', role: CONTRIBUTOR_ROLES.storeManager });
    expect(added.status, added.text).toBe(201);
    staffPassword = added.body.password;
    const signUp = await shopper.post('/api/site-users/account/notifications/restock', { productId: lamp.id, variantId: lampVariant.id, siteVisitorEmail: 'ada@example.com', isJoinMailingList: false });
    expect(signUp.status, signUp.text).toBe(200);
    const settings = (await owner.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings;
    expect((await owner.put('/api/admin/settings', { ...settings, taxRateBasisPoints: 1000 })).status).toBe(200);
    const restocked = await owner.put(`/api/admin/inventory/${shirtInStock.id}`, { qtyInStock: 20, reason: 'restock' });
    expect(restocked.status, restocked.text).toBe(200);

    // rows the copy must order by more than their rowid: a category whose parent was added after it
    const store = source.app.deps.store;
    const collection = (await store.get<{ collection_id: string }>('SELECT collection_id FROM products WHERE id = ?', [shirt.id]))!.collection_id;
    const category = 'INSERT INTO product_categories (id, collection_id, display_name, parent_category_id, type, page_rendering, display_index, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
    await store.run(category, ['root', collection, 'All', null, 'ROOT', 'grid', 0, 1]);
    await store.run(category, ['shirts', collection, 'Shirts', 'root', 'CATEGORY', 'grid', 1, 2]);
    await store.run(category, ['linen', collection, 'Linen', 'root', 'CATEGORY', 'grid', 2, 3]);
    await store.run("UPDATE product_categories SET parent_category_id = 'linen' WHERE id = 'shirts'");
    // and a tracking table whose newest ids were trimmed: ids carry on past them, as on SQLite
    for (const kind of ['a', 'b', 'c']) await store.run("INSERT INTO tracking_events (kind, visitor_id, payload_json, created_on) VALUES (?, NULL, '{}', 0)", [kind]);
    await store.run("DELETE FROM tracking_events WHERE kind = 'c'");

    for (const [name, path] of [['products', '/api/admin/products?limit=100'], ['orders', '/api/admin/orders'], ['settings', '/api/admin/settings'], ['staff', '/api/admin/staff'], ['restock', '/api/admin/messages/restock'], ['inventory', `/api/admin/inventory?q=${shirtInStock.sku}`]] as const) {
      const answer = await owner.get(path);
      expect(answer.status, answer.text).toBe(200);
      before[name] = answer.body;
    }
    before.shop = (await shopper.get<{ items: unknown[] }>('/shop?format=json')).body.items;
    expect((before.shop as unknown[]).length).toBeGreaterThan(0);
    await source.stop();
  }, 60_000);
  afterAll(async () => {
    rmSync(join(folder, 'shop'), { recursive: true, force: true });
  });

  it('copies every table, row for row, and the shop carries on there: same products, orders, accounts, numbers', async () => {
    const url = await freshPostgresUrl();
    const target: StoreLocation = { databasePath: join(folder, 'unused.db'), databaseUrl: url };
    const sourceFiles = readdirSync(join(folder, 'shop')).sort();
    const sourceHash = fileHash(sourcePath);

    const moved = move(['--from', sourcePath], { DATABASE_URL: url });
    expect(moved.status, moved.err).toBe(0);
    const lines = moved.out.trim().split('\n');
    expect(lines[0]).toMatch(/^moving .* to postgres:\/\/.* \(\d+ rows in \d+ tables\)$/);
    expect(lines.at(-1)).toMatch(new RegExp(`^moved ${sourcePath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} to .*: \\d+ tables, \\d+ rows in [\\d.]+ s, every table's row count checked \\(13 products, 1 order, 2 accounts; the next order is #1002\\)$`));
    process.stdout.write(`seed store move: ${lines.at(-1)}\n`);
    // the source was only read
    expect(fileHash(sourcePath)).toBe(sourceHash);
    // (a read-only connection to a WAL file leaves SQLite's empty -wal and its -shm index beside it, as DATABASE_READONLY does)
    // and the note that it moved: a server or npm run password left without DATABASE_URL refuses the file, saying where the shop went
    expect(readdirSync(join(folder, 'shop')).filter((file) => !sourceFiles.includes(file)).sort()).toEqual(['store.db-moved', 'store.db-shm', 'store.db-wal']);
    expect(statSync(`${sourcePath}-wal`).size).toBe(0);
    expect(() => openStore({ databasePath: sourcePath })).toThrow(StoreMovedError);
    expect(() => openStore({ databasePath: sourcePath })).toThrow(`was moved to ${storeDescription(target)} by npm run move-to-postgres (`);
    await openStore({ databasePath: sourcePath, readOnly: true }).store.close();

    // every table, every column, every row, in rowid order
    const sqlite = new Database(sourcePath, { readonly: true });
    const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
    expect(tables.length).toBeGreaterThan(30);
    await withStore(target, async (store) => {
      for (const table of tables) {
        const columns = (sqlite.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((column) => `"${column.name}"`).join(', ');
        const order = table === 'content_versions' ? 'name' : 'rowid';
        const want = sqlite.prepare(`SELECT ${columns} FROM ${table} ORDER BY ${order}`).all();
        expect(await store.all(`SELECT ${columns} FROM ${table} ORDER BY ${order}`), table).toEqual(want);
      }
      // the next tracking id follows SQLite's (3 was taken, then trimmed)
      expect(await store.get("INSERT INTO tracking_events (kind, visitor_id, payload_json, created_on) VALUES ('d', NULL, '{}', 0) RETURNING id")).toEqual({ id: 4 });
      await store.run("DELETE FROM tracking_events WHERE kind = 'd'");
    });
    sqlite.close();

    // a server on PostgreSQL: nothing seeded, the owner's old password, the same shop
    const moved2 = await startServer({ databasePath: join(folder, 'unused.db'), databaseUrl: url, ownerPassword: 'not the password that counts', rateLimits: UNTHROTTLED });
    try {
      const owner = await new SiteUserVisitor(moved2.url).signIn(OWNER_EMAIL, OWNER_PASSWORD);
      await new SiteUserVisitor(moved2.url).signIn('packer@example.com', staffPassword);
      for (const name of ['products', 'orders', 'settings', 'staff', 'restock', 'inventory'] as const) {
        const path = { products: '/api/admin/products?limit=100', orders: '/api/admin/orders', settings: '/api/admin/settings', staff: '/api/admin/staff', restock: '/api/admin/messages/restock', inventory: `/api/admin/inventory?q=${shirtInStock.sku}` }[name];
        expect((await owner.get(path)).body, name).toEqual(before[name]);
      }
      const shopper = await new Visitor(moved2.url).start();
      expect((await shopper.get<Record<string, unknown>>('/shop?format=json')).body.items).toEqual(before.shop);
      // the shopper's confirmation link still opens the order
      expect((await shopper.get(before.confirmationUrl as string)).status).toBe(200);
      // and the next order takes the next number, after the moved one
      expect((await shopper.post(API_PATHS.cartEntries, { itemId: shirt.id, sku: shirtInStock.sku, quantity: 1 })).status).toBe(200);
      const next = await placeOrderThroughCheckout(shopper);
      expect(next.status, next.text).toBe(201);
      expect(next.body.orderNumber).toBe(1002);
      expect(await moved2.app.deps.store.all('SELECT order_number FROM orders ORDER BY rowid')).toEqual([{ order_number: 1001 }, { order_number: 1002 }]);
    } finally {
      await moved2.stop();
    }

    // a second move into the store now there is refused, with or without --replace, and changes nothing:
    // it says the move was done, rather than listing tables and offering a --replace that refuses too
    const digest = await withStore(target, (store) => databaseDigest(store));
    const alreadyMoved = fillMessage(moveMessages.alreadyMoved, { target: storeDescription(target), orderNumber: 1001 });
    const again = await moveHere(['--from', sourcePath, '--to', url]);
    expect(again).toEqual({ status: 1, out: '', err: alreadyMoved });
    expect(await moveHere(['--from', sourcePath, '--to', url, '--replace'])).toEqual({ status: 1, out: '', err: alreadyMoved });
    // another shop's file (no orders of its own) may not replace a store customers have used either
    const other = await moveHere(['--from', await sqliteStore('other'), '--to', url, '--replace']);
    expect(other.status).toBe(1);
    expect(other.err).toMatch(/^postgres:\/\/.* holds a store customers have used \(2 orders, 1 restock sign-up\): --replace only replaces/);
    expect(await withStore(target, (store) => databaseDigest(store))).toEqual(digest);
  }, 120_000);

  it('a server started on the database while the move fills it waits for the move, then serves the moved store without seeding one', async () => {
    const url = await freshPostgresUrl();
    const schema = /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')![1]!;
    await bundledServerArgs();
    // its tables made (as an empty store: no rows of a shop, no mark of a move), for a test connection to hold one
    await withStore({ databasePath: join(folder, 'unused.db'), databaseUrl: url }, async (store) => { await migrate(store); });

    // the move waits for a reader of site_settings while holding, in its transaction, the tables
    // before it, and a server starts meanwhile (held as long as it takes, not as long as a large
    // copy happens to take)
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    let moving!: ReturnType<typeof moveToPostgres>;
    let starting!: Promise<MainProcess>;
    try {
      await admin.query('BEGIN');
      await admin.query(`LOCK TABLE ${schema}.site_settings IN ACCESS SHARE MODE`);
      moving = moveToPostgres({ from: sourcePath, to: url, lockTimeoutMs: 120_000 });
      moving.catch(() => {});
      const waiting = async (count: number): Promise<boolean> => {
        for (let tries = 0; tries < 400; tries += 1) {
          const found = await admin.query("SELECT count(DISTINCT l.pid)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace s ON s.oid = c.relnamespace WHERE NOT l.granted AND s.nspname = $1", [schema]);
          if (found.rows[0].n >= count) return true;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return false;
      };
      expect(await waiting(1), 'the move never took the tables').toBe(true);
      starting = startMain(join(folder, 'unused.db'), { DATABASE_URL: url });
      // the server's first read of the store queues behind the move's locks
      expect(await waiting(2), 'the server never waited for the move').toBe(true);
      await admin.query('COMMIT');
    } finally {
      await admin.query('ROLLBACK').catch(() => {});
      await admin.end();
    }
    const summary = await moving;
    const running = await starting;
    try {
      // whether its first try outlasted the statement timeout (the maintenance page, then again every 2 s) or not, the moved store serves
      for (let tries = 0; tries < 200 && (await fetch(`${running.url}/api/health`)).status !== 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
      expect(summary.message).toContain('(13 products, 1 order, 2 accounts; the next order is #1002)');
      expect(running.lines().filter((line) => line.msg === serverMessages.storeSeededLog), running.output()).toEqual([]);
      const shopper = await new Visitor(running.url).start();
      expect((await shopper.get<{ items: unknown[] }>('/shop?format=json')).body.items).toEqual(before.shop);
      expect(await stopMain(running)).toBe(0);
    } finally {
      if (running.child.exitCode === null) running.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a database the role may not make tables in (one it does not own) is refused with what to do, and nothing made', async () => {
    const url = new URL(await freshPostgresUrl());
    const schema = /search_path=(\w+)/.exec(url.searchParams.get('options') ?? '')![1]!;
    const role = `mover_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // as a database made without -O: its schema readable by the role, not writable
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
      url.username = role;
      const to = url.toString();
      const refused = await moveHere(['--from', sourcePath, '--to', to]);
      expect(refused).toEqual({
        status: 1, out: '',
        err: fillMessage(moveMessages.targetNoCreate, { target: storeDescription({ databasePath: sourcePath, databaseUrl: to }), role, reason: `permission denied for schema ${schema}` }),
      });
      expect((await admin.query('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1', [schema])).rows[0]).toEqual({ n: 0 });
    } finally {
      await admin.query(`REVOKE ALL ON SCHEMA ${schema} FROM ${role}`);
      await admin.query(`DROP ROLE ${role}`);
      await admin.end();
    }
  }, 60_000);

  it('replaces, with --replace only, the demo store a first start on PostgreSQL seeded', async () => {
    const url = await freshPostgresUrl();
    const demo = await startServer({ databasePath: join(folder, 'demo.db'), databaseUrl: url, ownerPassword: 'the demo owner password' });
    await demo.stop();

    const refused = await moveHere(['--from', sourcePath, '--to', url]);
    expect(refused.status).toBe(1);
    expect(refused.err).toContain('already holds a store (');
    const replaced = await moveHere(['--from', sourcePath, '--to', url, '--replace']);
    expect(replaced.status, replaced.err).toBe(0);
    expect(replaced.out).toContain('(13 products, 1 order, 2 accounts; the next order is #1002)');
    await withStore({ databasePath: join(folder, 'demo.db'), databaseUrl: url }, async (store) => {
      expect(await store.all('SELECT email FROM site_users ORDER BY rowid')).toEqual([{ email: OWNER_EMAIL }, { email: 'packer@example.com' }]);
      expect(await store.get("SELECT value FROM counters WHERE name = 'order-number'")).toEqual({ value: 1001 });
    });
  }, 90_000);
});
