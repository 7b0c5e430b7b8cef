import Database from 'better-sqlite3';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { serverMessages } from '../../../server/messages.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const shirt = seededProduct('linen-shirt');
const STACK_LINE = /^\s+at .+:\d+/m;

type Child = ChildProcessByStdio<null, Readable, Readable>;

interface Running {
  child: Child;
  port: number;
  output: () => string;
  /** The JSON log lines written so far. */
  lines: () => Record<string, unknown>[];
}

const folders: string[] = [];
const children: Child[] = [];
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
async function startMain(databasePath: string, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: databasePath, OWNER_PASSWORD: 'fault test password', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => { buffered += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { buffered += chunk.toString(); });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in: ${buffered}`)), 20_000);
    const check = (): void => {
      const match = /"port":(\d+),"database"[^\n]*storefront listening/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${buffered}`)));
  });
  const lines = (): Record<string, unknown>[] =>
    buffered.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, port, output: () => buffered, lines };
}

async function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.on('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

/** A store file made and filled the ordinary way. */
function preparedStore(): string {
  const path = join(folder(), 'store.db');
  createApp({ databasePath: path, logLevel: 'silent', ownerPassword: 'fault test password' }).close();
  return path;
}

async function expectMaintenance(running: Running): Promise<void> {
  const base = `http://127.0.0.1:${running.port}`;
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
    expect(await call.json()).toEqual({ message: serverMessages.maintenanceText });
  }
  // still the same process: nothing crashed, nothing restarted
  expect(running.child.exitCode).toBeNull();
  const failures = running.lines().filter((line) => line.msg === serverMessages.startupFailureLog);
  expect(failures).toHaveLength(1);
  expect(typeof failures[0]!.reason).toBe('string');
  expect(running.output()).not.toMatch(STACK_LINE);
  expect(await stop(running)).toBe(0);
}

describe('a database that cannot be opened at start-up', () => {
  it('a corrupt file: the process stays up and serves the maintenance page (503) with one log line', async () => {
    const path = join(folder(), 'store.db');
    writeFileSync(path, 'this is not an SQLite database, only a damaged file. '.repeat(200));
    await expectMaintenance(await startMain(path));
  }, 40_000);

  it('an unreadable path (a folder where the file should be)', async () => {
    await expectMaintenance(await startMain(folder()));
  }, 40_000);

  it('a migration that fails', async () => {
    const path = join(folder(), 'store.db');
    // a table the first migration creates already exists, unrecorded: the migration fails
    const db = new Database(path);
    db.exec('CREATE TABLE site_settings (key TEXT)');
    db.close();
    const running = await startMain(path);
    await expectMaintenance(running);
    expect(String(running.lines().find((line) => line.msg === serverMessages.startupFailureLog)?.reason)).toMatch(/site_settings/);
  }, 40_000);
});

describe('DATABASE_READONLY=true', () => {
  it('serves pages, refuses changes with 503, and logs the mode once and the fault once', async () => {
    const running = await startMain(preparedStore(), { DATABASE_READONLY: 'true' });
    const base = `http://127.0.0.1:${running.port}`;
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
    expect(await stop(running)).toBe(0);
  }, 40_000);
});
