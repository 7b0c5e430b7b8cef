/**
 * Issue 16, item 8: one overwritten 4 kB page left /api/health answering ok while every page
 * answered 500. quick_check now runs at start-up and on /api/health?deep=1, a query failing with a
 * corruption error turns the store into its maintenance page (health included), and a checked
 * backup can be made while the server runs and restored over a damaged file.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { backupCommand } from '../../../server/commands/backup.ts';
import { backupDatabase, restoreDatabase, StoreInUseError, UnsoundBackupError } from '../../../server/db/backup.ts';
import { CorruptDatabaseError, quickCheckProblems } from '../../../server/db/database-integrity.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { Visitor } from '../helpers/visitor.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const mug = seededProduct('stoneware-mug');
const PAGE_SIZE = 4096;

const folders: string[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'database-integrity-'));
  folders.push(dir);
  return dir;
}

/** A seeded store file, closed and checkpointed (every page in the main file). */
async function preparedStore(): Promise<string> {
  const path = join(folder(), 'store.db');
  await (await createApp({ databasePath: path, logLevel: 'silent', ownerPassword: 'integrity test password' })).close();
  return path;
}

/** The first page of a table, by its root page number. */
function rootPage(db: Database.Database, table: string): number {
  return db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').pluck().get(table) as number;
}

/** Overwrites one 4 kB page of the file with noise, as a failing disk would. */
function overwritePage(path: string, page: number): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.alloc(PAGE_SIZE, 0x5a), 0, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  } finally {
    closeSync(fd);
  }
}

async function expectMaintenance(url: string, path: string): Promise<void> {
  const answer = await fetch(`${url}${path}`);
  expect(answer.status, path).toBe(503);
  const text = await answer.text();
  // the health check answers as it does while PostgreSQL is unreachable: {"ok":false}
  if (path.startsWith('/api/health')) expect(JSON.parse(text)).toEqual({ ok: false });
  else if (path.startsWith('/api/')) expect(JSON.parse(text)).toEqual({ message: serverMessages.maintenanceText });
  else expect(text).toContain(serverMessages.maintenanceTitle);
}

describe('a damaged store file', () => {
  it('is found by quick_check at start-up: createApp refuses it (main then serves the maintenance page)', async () => {
    const path = await preparedStore();
    const check = new Database(path);
    const products = rootPage(check, 'products');
    check.close();
    overwritePage(path, products);
    await expect(createApp({ databasePath: path, logLevel: 'silent' })).rejects.toThrow(CorruptDatabaseError);
  });

  it('damaged while serving: the deep health check finds it, and from then on pages, calls and health answer the maintenance 503', async () => {
    const path = await preparedStore();
    const server = await startServer({ databasePath: path });
    servers.push(server);
    const db = server.app.deps.db!; // this suite is about the SQLite file itself
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    const errors = vi.spyOn(server.app.deps.log, 'error');
    db.pragma('wal_checkpoint(TRUNCATE)');
    overwritePage(path, rootPage(db, 'products'));
    db.pragma('shrink_memory'); // drop the connection's cached pages: the next read sees the disk
    // the shallow check touches no page and cannot know
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await expectMaintenance(server.url, '/api/health?deep=1');
    for (const path of ['/api/health', '/', '/shop', '/api/commerce/shopping-cart']) await expectMaintenance(server.url, path);
    const lines = errors.mock.calls.filter(([, message]) => message === serverMessages.corruptionLog);
    expect(lines).toHaveLength(1);
    errors.mockRestore();
  });

  it('damaged while serving: the first page that reads the damage answers the maintenance page, and health follows', async () => {
    const path = await preparedStore();
    const server = await startServer({ databasePath: path });
    servers.push(server);
    const db = server.app.deps.db!; // this suite is about the SQLite file itself
    const v = await new Visitor(server.url).start();
    expect((await v.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    db.pragma('wal_checkpoint(TRUNCATE)');
    overwritePage(path, rootPage(db, 'cart_entries'));
    db.pragma('shrink_memory');
    const cart = await v.get('/api/commerce/shopping-cart');
    expect(cart.status).toBe(503);
    expect(cart.body).toEqual({ message: serverMessages.maintenanceText });
    await expectMaintenance(server.url, '/api/health');
    await expectMaintenance(server.url, '/');
  });
});

describe('backup and restore', () => {
  it('a backup taken while the server writes is sound, and restoring it over a damaged file brings the store back', async () => {
    const path = await preparedStore();
    const server = await startServer({ databasePath: path });
    servers.push(server);
    const v = await new Visitor(server.url).start();
    const backupPath = join(folder(), 'backups', 'store.db');
    // writes keep coming while the backup runs
    const writes = Promise.all(Array.from({ length: 20 }, () => v.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })));
    await backupDatabase(path, backupPath);
    await writes;
    const backup = new Database(backupPath, { readonly: true });
    expect(quickCheckProblems(backup)).toEqual([]);
    expect(backup.prepare('SELECT count(*) FROM products').pluck().get()).toBeGreaterThan(10);
    backup.close();
    await server.stop();
    servers.splice(0);

    const check = new Database(path);
    const products = rootPage(check, 'products');
    check.close();
    overwritePage(path, products);
    await expect(createApp({ databasePath: path, logLevel: 'silent' })).rejects.toThrow(CorruptDatabaseError);
    restoreDatabase(backupPath, path);
    const restored = await startServer({ databasePath: path });
    servers.push(restored);
    expect((await fetch(`${restored.url}/api/health?deep=1`)).status).toBe(200);
    expect((await fetch(`${restored.url}/shop/p/${mug.urlId}`)).status).toBe(200);
  });

  it('a backup of a store too large for one step finishes while writes land between its steps', async () => {
    const path = await preparedStore();
    const db = new Database(path);
    // some 2.5 MB of rows: more pages than the backup API copies in one step by default (100)
    const track = db.prepare("INSERT INTO tracking_events (kind, visitor_id, payload_json, created_on) VALUES ('view', NULL, ?, 0)");
    db.transaction(() => { for (let i = 0; i < 600; i++) track.run(JSON.stringify({ text: 'x'.repeat(4000) })); })();
    // a busy shop: another connection commits a write between every two turns of the event loop
    let writing = true;
    const write = (): void => {
      if (!writing) return;
      track.run('{}');
      setImmediate(write);
    };
    setImmediate(write);
    const backupPath = join(folder(), 'store-backup.db');
    let timer: NodeJS.Timeout | undefined;
    try {
      // copied a step at a time, each write started the copy over: it never finished
      const unfinished = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('the backup did not finish in 10 s')), 10_000); });
      await Promise.race([backupDatabase(path, backupPath), unfinished]);
    } finally {
      clearTimeout(timer);
      writing = false;
      db.close();
    }
    const backup = new Database(backupPath, { readonly: true });
    expect(quickCheckProblems(backup)).toEqual([]);
    expect(backup.prepare('SELECT count(*) FROM tracking_events').pluck().get()).toBeGreaterThanOrEqual(600);
    backup.close();
  }, 30_000);

  it('refuses to back up a damaged store and to restore a damaged backup, leaving the store as it was', async () => {
    const sound = await preparedStore();
    const damaged = await preparedStore();
    const check = new Database(damaged);
    const products = rootPage(check, 'products');
    check.close();
    overwritePage(damaged, products);
    await expect(backupDatabase(damaged, join(folder(), 'bad-backup.db'))).rejects.toThrow(UnsoundBackupError);
    expect(() => restoreDatabase(damaged, sound)).toThrow(UnsoundBackupError);
    const db = new Database(sound, { readonly: true });
    expect(quickCheckProblems(db)).toEqual([]);
    db.close();
  });

  it('refuses to restore over a store a running server has open, which would go on writing to the replaced file', async () => {
    const path = await preparedStore();
    const backupPath = join(folder(), 'before-the-server.db');
    await backupDatabase(path, backupPath);
    const server = await startServer({ databasePath: path });
    servers.push(server);
    expect(() => restoreDatabase(backupPath, path)).toThrow(new StoreInUseError(path));
    expect(new StoreInUseError(path).message).toBe(fillMessage(serverMessages.restoreStoreInUse, { path }));
    // nothing was replaced or left behind: the server goes on with its own file
    expect(readdirSync(dirname(path)).filter((name) => name.includes('restoring'))).toEqual([]);
    const v = await new Visitor(server.url).start();
    expect((await v.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    await server.stop();
    servers.splice(0);
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM cart_entries').pluck().get()).toBe(1);
    db.close();
    // stopped, the same restore goes through
    restoreDatabase(backupPath, path);
    const restored = new Database(path, { readonly: true });
    expect(restored.prepare('SELECT count(*) FROM cart_entries').pluck().get()).toBe(0);
    restored.close();
  });

  it('npm run backup and npm run restore work from the command line', async () => {
    const path = await preparedStore();
    const target = join(folder(), 'cli-backup.db');
    const env = { ...process.env, DATABASE_PATH: path };
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const backedUp = execFileSync(tsx, ['server/backup-command.ts', 'backup', target], { cwd: ROOT, env, encoding: 'utf8' });
    expect(backedUp).toContain(target);
    expect(existsSync(target)).toBe(true);
    const restored = execFileSync(tsx, ['server/backup-command.ts', 'restore', target], { cwd: ROOT, env, encoding: 'utf8' });
    expect(restored).toContain(path);
    const db = new Database(path, { readonly: true });
    expect(quickCheckProblems(db)).toEqual([]);
    db.close();
  });

  it('npm run backup leaves only the backup file beside it, and restore leaves no journal beside the store', async () => {
    const path = await preparedStore();
    const server = await startServer({ databasePath: path });
    servers.push(server);
    // the store is in use (WAL mode, its -wal and -shm beside it) while the backup is taken
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    const env = { DATABASE_PATH: path, DATABASE_URL: '' };
    const said = await backupCommand(['backup'], env);
    const backups = join(dirname(path), 'backups');
    // the copy, and the folder of the shop's files (the demo guide's seeded PDF) beside it
    const made = readdirSync(backups).sort();
    expect(made).toHaveLength(2);
    expect(made[0]).toMatch(/^store-[\dTZ-]+\.db$/);
    expect(made[1]).toBe(`${made[0]}.files`);
    expect(said).toContain(join(backups, made[0]!));
    // opening the backup to read it makes no journal files either (it is not in WAL mode)
    const backup = new Database(join(backups, made[0]!), { readonly: true });
    expect(backup.prepare('SELECT count(*) FROM products').pluck().get()).toBeGreaterThan(10);
    backup.close();
    expect(readdirSync(backups)).toEqual(made);
    await server.stop();
    servers.splice(0);

    // a backup made in WAL mode (as before) is restored without leaving journals beside it
    const walBackup = join(folder(), 'wal-backup.db');
    const source = new Database(path);
    await source.backup(walBackup);
    source.close();
    await backupCommand(['restore', walBackup], env);
    expect(readdirSync(dirname(walBackup))).toEqual(['wal-backup.db']);
    // (the -lock the server held stays: an empty file, never a journal; store-writer-lock.ts; product-files holds the seeded guide's PDF)
    expect(readdirSync(dirname(path)).sort()).toEqual(['backups', 'product-files', 'store.db', 'store.db-lock']);
    const restored = await startServer({ databasePath: path });
    servers.push(restored);
    expect((await fetch(`${restored.url}/api/health?deep=1`)).status).toBe(200);
  });

  it('npm run backup and restore say what is wrong in one line: no store, no backup, a backup file on PostgreSQL, bad usage', async () => {
    const missing = join(folder(), 'none', 'store.db');
    const fails = (args: string[], env: Record<string, string>): Promise<string> =>
      backupCommand(args, { DATABASE_URL: '', ...env }).then((said) => { throw new Error(`${args.join(' ')} succeeded: ${said}`); }, (error: Error) => error.message);
    expect(await fails(['backup'], { DATABASE_PATH: missing })).toBe(fillMessage(serverMessages.backupNoStore, { path: missing }));
    const noBackup = join(folder(), 'no-backup.db');
    expect(await fails(['restore', noBackup], { DATABASE_PATH: missing })).toBe(fillMessage(serverMessages.restoreNoBackup, { path: noBackup }));
    // on PostgreSQL a restore takes a folder of the shop's files: a SQLite backup file cannot go into the database
    expect(await fails(['restore', noBackup], { DATABASE_URL: 'postgres://shop:secret@127.0.0.1:1/shop' })).toBe(fillMessage(serverMessages.restoreNoBackup, { path: noBackup }));
    expect(await fails(['restore'], { DATABASE_PATH: missing })).toBe(serverMessages.backupUsage);
    expect(await fails(['restore'], { DATABASE_URL: 'postgres://shop:secret@127.0.0.1:1/shop' })).toBe(serverMessages.backupUsage);
    expect(existsSync(missing)).toBe(false);

    // from the command line, the line is all stderr says, and the exit code is 1
    try {
      execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/backup-command.ts', 'backup'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: missing }, encoding: 'utf8', stdio: 'pipe' });
      throw new Error('backup of a missing store succeeded');
    } catch (error) {
      const failure = error as { status: number; stdout: string; stderr: string };
      expect({ status: failure.status, out: failure.stdout, err: failure.stderr }).toEqual({ status: 1, out: '', err: `${fillMessage(serverMessages.backupNoStore, { path: missing })}\n` });
    }
  }, 90_000);

  it('npm run backup and restore answer --help with what they do, and take no other option for a file name', async () => {
    const env = { DATABASE_URL: '', DATABASE_PATH: join(folder(), 'none', 'store.db') };
    const said = (args: string[]): Promise<string> => backupCommand(args, env).catch((error: Error) => `refused: ${error.message}`);
    expect(await said(['backup', '--help'])).toBe(serverMessages.backupHelp);
    expect(await said(['restore', '--help'])).toBe(serverMessages.backupHelp);
    expect(await said(['backup', '-h'])).toBe(serverMessages.backupHelp);
    // an option is a mistake, never the name of the backup to write or read ("no backup at --force")
    const unknown = `refused: ${fillMessage(serverMessages.backupUnknownOption, { problem: "Unknown option '--force'", usage: serverMessages.backupUsage })}`;
    expect(await said(['backup', '--force'])).toBe(unknown);
    expect(await said(['restore', '--force'])).toBe(unknown);
    expect(await said(['backup', 'a.db', 'b.db'])).toBe(`refused: ${serverMessages.backupUsage}`);
  });

  it('npm run backup never writes over the store it copies, nor into a folder; restore never takes the store for its backup', async () => {
    const path = join(folder(), 'live', 'store.db');
    const server = await startServer({ databasePath: path });
    servers.push(server);
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    const env = { DATABASE_PATH: path, DATABASE_URL: '' };
    const refused = (args: string[]): Promise<string> =>
      backupCommand(args, env).then((done) => { throw new Error(`${args.join(' ')} succeeded: ${done}`); }, (error: Error) => error.message);
    const before = statSync(path).ino;
    // the store by its own name, by another path to it, and its journal
    for (const target of [path, join(dirname(path), '..', 'live', 'store.db'), `${path}-wal`]) {
      expect(await refused(['backup', target])).toBe(fillMessage(serverMessages.backupOverStore, { file: target, path }));
    }
    expect(statSync(path).ino).toBe(before);
    const into = dirname(path);
    expect(await refused(['backup', into])).toBe(fillMessage(serverMessages.backupIntoFolder, { file: into, example: join(into, 'store.db') }));
    // nothing left beside it (a full copy of the shop under a name nobody asked for)
    expect(readdirSync(dirname(into)).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(await refused(['restore', path])).toBe(fillMessage(serverMessages.restoreFromStore, { file: path, path }));
    expect(await refused(['restore', into])).toBe(fillMessage(serverMessages.restoreFromFolder, { file: into }));
    // the store is still sound and served
    expect((await fetch(`${server.url}/api/health?deep=1`)).status).toBe(200);
  });
});
