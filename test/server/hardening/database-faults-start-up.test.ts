import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { serverMessages } from '../../../server/messages.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { logLine, startMain, stopMain, type MainChild, type MainProcess } from '../helpers/start-main.ts';
import { Visitor } from '../helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const STACK_LINE = /^\s+at .+:\d+/m;

const folders: string[] = [];
const children: MainChild[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'database-faults-'));
  folders.push(dir);
  return dir;
}

/** Starts server/main.ts as an operator would and waits for its listening line. */
async function start(databasePath: string, env: Record<string, string> = {}): Promise<MainProcess> {
  const running = await startMain(databasePath, { OWNER_PASSWORD: 'fault test password', ...env });
  children.push(running.child);
  return running;
}

/** A store file made and filled the ordinary way. */
async function preparedStore(): Promise<string> {
  const path = join(folder(), 'store.db');
  await (await createApp({ databasePath: path, logLevel: 'silent', ownerPassword: 'fault test password' })).close();
  return path;
}

async function expectMaintenance(running: MainProcess): Promise<void> {
  const base = running.url;
  for (const path of ['/', '/shop', '/cart', '/does-not-exist']) {
    const page = await fetch(`${base}${path}`);
    expect(page.status, path).toBe(503);
    expect(page.headers.get('content-type') ?? '').toContain('text/html');
    const html = await page.text();
    expect(html).toContain(serverMessages.maintenanceTitle);
    expect(html).toContain(serverMessages.maintenanceText);
  }
  for (const [method, path] of [['GET', '/api/health'], ['GET', '/api/commerce/shopping-cart'], ['POST', '/api/newsletter/subscribe']] as const) {
    const call = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
    expect(call.status, path).toBe(503);
    // the health check fails as the README says: {"ok":false}, as while PostgreSQL is unreachable
    expect(await call.json()).toEqual(path === '/api/health' ? { ok: false } : { message: serverMessages.maintenanceText });
  }
  // still the same process: nothing crashed, nothing restarted
  expect(running.child.exitCode).toBeNull();
  const failures = running.lines().filter((line) => line.msg === serverMessages.startupFailureLog);
  expect(failures).toHaveLength(1);
  expect(typeof failures[0]!.reason).toBe('string');
  expect(running.output()).not.toMatch(STACK_LINE);
  expect(await stopMain(running)).toBe(0);
}

describe('a database that cannot be opened at start-up', () => {
  it('a corrupt file: the process stays up and serves the maintenance page (503) with one log line', async () => {
    const path = join(folder(), 'store.db');
    writeFileSync(path, 'this is not an SQLite database, only a damaged file. '.repeat(200));
    await expectMaintenance(await start(path));
  }, 40_000);

  it('an unreadable path (a folder where the file should be)', async () => {
    await expectMaintenance(await start(folder()));
  }, 40_000);

  it('a migration that fails', async () => {
    const path = join(folder(), 'store.db');
    // a table the first migration creates already exists, unrecorded: the migration fails
    const db = new Database(path);
    db.exec('CREATE TABLE site_settings (key TEXT)');
    db.close();
    const running = await start(path);
    await expectMaintenance(running);
    expect(String(running.lines().find((line) => line.msg === serverMessages.startupFailureLog)?.reason)).toMatch(/site_settings/);
  }, 40_000);
});

describe('a store another process holds locked at start-up', () => {
  it('serves the maintenance page while the lock is held, tries again, and serves the store once it is released', async () => {
    const path = join(folder(), 'store.db');
    // another process's write transaction, open past the 5 s busy timeout (a WORKERS sibling's long migration)
    const holder = new Database(path);
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE');
    let running: MainProcess;
    try {
      running = await start(path);
      const failures = running.lines().filter((line) => line.msg === serverMessages.startupFailureRetriedLog);
      expect(failures, running.output()).toHaveLength(1);
      expect(failures[0]).toMatchObject({ level: 50, code: expect.stringMatching(/^SQLITE_BUSY/), database: path });
      expect(running.lines().filter((line) => line.msg === serverMessages.startupFailureLog)).toHaveLength(0);
      const health = await fetch(`${running.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ ok: false });
      const page = await fetch(`${running.url}/shop`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain(serverMessages.maintenanceTitle);
      // the tries while the lock stays do not hold the process still: over two of them (every 2 s),
      // the health check answers its 503 at once each time rather than waiting out a busy timeout
      for (const ends = Date.now() + 4_500; Date.now() < ends;) {
        const asked = Date.now();
        const answer = await fetch(`${running.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
        expect(answer?.status).toBe(503);
        expect(Date.now() - asked, 'the health check waited').toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      holder.exec('COMMIT');
      holder.close();
    }
    await logLine(running, serverMessages.databaseReachedLog);
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${running.url}/shop/p/${shirt.urlId}`)).status).toBe(200);
    // one line for the lock however many tries it took, and never a stack
    expect(running.lines().filter((line) => line.msg === serverMessages.startupFailureRetriedLog)).toHaveLength(1);
    expect(running.output()).not.toMatch(STACK_LINE);
    expect(await stopMain(running)).toBe(0);
  }, 40_000);
});

describe('DATABASE_READONLY=true', () => {
  it('serves pages, refuses changes with 503, and logs the mode once and the fault once', async () => {
    const running = await start(await preparedStore(), { DATABASE_READONLY: 'true' });
    const base = running.url;
    expect((await fetch(`${base}/shop`)).status).toBe(200);
    const visitor = await new Visitor(base).start();
    for (let i = 0; i < 5; i += 1) {
      const answer = await visitor.post<{ message?: string }>('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: shirt.variants[0]!.sku, quantity: 1 + i });
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body).toEqual({ message: serverMessages.cannotSaveNow });
    }
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect(running.lines().filter((line) => line.msg === serverMessages.readOnlyLog)).toHaveLength(1);
    const faults = running.lines().filter((line) => line.msg === serverMessages.storageFaultLog);
    expect(faults).toHaveLength(1);
    expect(faults[0]!.code).toMatch(/^SQLITE_READONLY/);
    expect(running.output()).not.toMatch(STACK_LINE);
    expect(await stopMain(running)).toBe(0);
  }, 40_000);
});
