import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { BUSY_TIMEOUT_MS, openDatabase } from '../../../server/db/database.ts';
import { SqliteStore } from '../../../server/db/sqlite-store.ts';
import { serverMessages } from '../../../server/messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';
import { rowCounts } from './database-snapshot.ts';

const shirt = seededProduct('linen-shirt');
const giftCard = seededProduct('gift-card');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const STACK_OR_CODE = /SQLITE_|at .+\.ts:\d+|database is locked/i;

let server: RunningServer;
beforeAll(async () => {
  // the store only needs to be found busy: a short wait instead of the 5 s one, four times
  server = await startServer({ sqliteBusyTimeoutMs: 200 });
});
afterAll(async () => {
  await server.stop(true);
});

/** Runs `during` while another connection holds the store file's write lock. */
async function whileLocked(during: () => Promise<void>): Promise<void> {
  const intruder = new Database(server.databasePath);
  intruder.pragma('busy_timeout = 0');
  intruder.exec('BEGIN EXCLUSIVE');
  try {
    await during();
  } finally {
    intruder.exec('ROLLBACK');
    intruder.close();
  }
}

describe('the busy timeout', () => {
  it('is 5 s for a store, and what a test passes for its own; the connection itself waits 0, the store waiting on a timer', () => {
    const plain = openDatabase(':memory:');
    try {
      expect(BUSY_TIMEOUT_MS).toBe(5000);
      expect(plain.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
      expect(new SqliteStore(plain).busyBudgetMs).toBe(BUSY_TIMEOUT_MS);
      expect(plain.pragma('busy_timeout', { simple: true })).toBe(0);
    } finally {
      plain.close();
    }
    expect((server.app.deps.store as SqliteStore).busyBudgetMs).toBe(200);
    expect(server.app.deps.db!.pragma('busy_timeout', { simple: true })).toBe(0);
  });

  it('a start that waits briefly for the lock (main.ts\'s tries of a locked file) gives up at once, and the store it opens waits the full 5 s', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'database-faults-'));
    const databasePath = join(folder, 'store.db');
    const holder = new Database(databasePath);
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('BEGIN IMMEDIATE');
      const asked = Date.now();
      await expect(createApp({ databasePath, logLevel: 'silent', sqliteOpeningBusyTimeoutMs: 50 })).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
      expect(Date.now() - asked).toBeLessThan(2_000);
      holder.exec('ROLLBACK');
      const app = await createApp({ databasePath, logLevel: 'silent', sqliteOpeningBusyTimeoutMs: 50 });
      expect((app.deps.store as SqliteStore).busyBudgetMs).toBe(BUSY_TIMEOUT_MS);
      await app.close();
    } finally {
      holder.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a locked database file', () => {
  it('answers calls and form posts with a 503 that says the store is busy, logs one line, and serves again once the lock is gone', async () => {
    const v = await new Visitor(server.url).start();
    expect((await v.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    const logged = vi.spyOn(server.app.deps.log, 'error');
    try {
      await whileLocked(async () => {
        const before = await rowCounts(server.app.deps.store);
        for (let i = 0; i < 3; i += 1) {
          const answer = await v.post<{ message?: string }>('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
          expect(answer.status).toBe(503);
          expect(answer.headers.get('content-type') ?? '').toContain('application/json');
          expect(answer.headers.get('retry-after')).toBe('30');
          expect(answer.body).toEqual({ message: serverMessages.storeBusy });
          expect(answer.text).not.toMatch(STACK_OR_CODE);
        }
        // a page post that writes: the gift card's own cart
        const page = await v.request('POST', '/checkout/gift-card', undefined, { form: { crumb: decodeURIComponent(v.crumb), itemId: giftCard.id, sku: giftCard.variants[0]!.sku } });
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).toBe('30');
        expect(page.headers.get('content-type') ?? '').toContain('text/html');
        expect(page.text).toContain(serverMessages.storeBusy);
        expect(page.text).not.toMatch(STACK_OR_CODE);
        // reading goes on while the file is locked
        expect((await fetch(`${server.url}/shop`)).status).toBe(200);
        expect(await rowCounts(server.app.deps.store)).toEqual(before);
      });
      const lines = logged.mock.calls.filter(([, message]) => message === serverMessages.databaseLockedLog);
      expect(lines).toHaveLength(1);
      expect(String((lines[0]![0] as { code?: unknown }).code)).toMatch(/^SQLITE_BUSY/);
    } finally {
      logged.mockRestore();
    }
    const again = await v.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
    expect(again.status).toBe(200);
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
  });
});
