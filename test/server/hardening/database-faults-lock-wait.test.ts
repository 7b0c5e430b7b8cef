import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { SqliteStore } from '../../../server/db/sqlite-store.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';

/**
 * Another connection holding the SQLite file's write lock (a WORKERS sibling's import, a command's
 * transaction) keeps this process's writes waiting, on a timer: pages and the health check are
 * answered meanwhile. The bounds are generous (a busy CI machine): "quick" is under a second,
 * where SQLite's own wait held the whole process for the full budget.
 */
const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const BUDGET_MS = 3000;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ sqliteBusyTimeoutMs: BUDGET_MS });
});
afterAll(async () => {
  await server.stop(true);
});

/** Another connection's write transaction on the store's file, held until `release`. */
function holdWriteLock(): { release: () => void } {
  const holder = new Database(server.databasePath);
  holder.pragma('busy_timeout = 0');
  holder.exec('BEGIN IMMEDIATE');
  return {
    release: () => {
      if (holder.inTransaction) holder.exec('COMMIT');
      holder.close();
    },
  };
}

/** How long `path` takes to answer, with its status. */
async function timed(path: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const answer = await fetch(`${server.url}${path}`);
  await answer.arrayBuffer();
  return { status: answer.status, ms: Date.now() - started };
}

const addShirt = (v: Visitor) => v.post<{ message?: string }>('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });

describe('a write lock held by another connection', () => {
  it('keeps the connection\'s own busy timeout at 0: the store waits on a timer', () => {
    expect(server.app.deps.db!.pragma('busy_timeout', { simple: true })).toBe(0);
    expect((server.app.deps.store as SqliteStore).busyBudgetMs).toBe(BUDGET_MS);
  });

  it('lets pages and the health check answer at once while a write waits, and the write lands once the lock is released within the budget', async () => {
    const v = await new Visitor(server.url).start();
    const paths = ['/shop', `/shop/p/${shirt.urlId}`, '/api/health', '/cart'];
    // each page rendered once before: its first render (templates read and compiled) is not what is timed
    for (const path of paths) expect((await timed(path)).status, path).toBe(200);
    const lock = holdWriteLock();
    let released = false;
    try {
      const add = addShirt(v);
      // the add is waiting for the lock now
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const path of paths) {
        const answer = await timed(path);
        expect(answer.status, path).toBe(200);
        expect(answer.ms, path).toBeLessThan(1000);
      }
      lock.release();
      released = true;
      const added = await add;
      expect(added.status).toBe(200);
    } finally {
      if (!released) lock.release();
    }
    const cart = await v.get<{ items?: Array<{ quantity: number }> }>('/api/commerce/shopping-cart');
    expect(cart.status).toBe(200);
  });

  it('answers the writes it held past the budget 503 busy, together rather than one after another, logs one line for the spell and one when it ends', async () => {
    const visitors = await Promise.all([0, 1, 2, 3].map(() => new Visitor(server.url).start()));
    const errors = vi.spyOn(server.app.deps.log, 'error');
    const infos = vi.spyOn(server.app.deps.log, 'info');
    const lock = holdWriteLock();
    let released = false;
    try {
      const asked = Date.now();
      const adds = visitors.map(async (v) => ({ answer: await addShirt(v), ms: Date.now() - asked }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const page = await timed('/shop');
      expect(page.status).toBe(200);
      expect(page.ms).toBeLessThan(1000);
      const health = await timed('/api/health');
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1000);
      for (const { answer, ms } of await Promise.all(adds)) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('30');
        expect(answer.body).toEqual({ message: serverMessages.storeBusy });
        // each waited the budget, not its own budget after the others' (4 × 3 s)
        expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 100);
        expect(ms).toBeLessThan(2 * BUDGET_MS);
      }
      lock.release();
      released = true;
      expect((await addShirt(visitors[0]!)).status).toBe(200);
      const started = errors.mock.calls.filter(([, message]) => message === serverMessages.databaseLockedLog);
      expect(started).toHaveLength(1);
      expect(String((started[0]![0] as { code?: unknown }).code)).toMatch(/^SQLITE_BUSY/);
      expect(infos.mock.calls.filter(([, message]) => message === serverMessages.databaseBusyEndedLog)).toHaveLength(1);
    } finally {
      if (!released) lock.release();
      errors.mockRestore();
      infos.mockRestore();
    }
  });
});

describe('the SQLite store on a locked file', () => {
  it('tries a single statement again once the lock is released, and a multi-statement exec waits in SQLite', async () => {
    const folder = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/lock-wait-`);
    const path = `${folder}/store.db`;
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    const store = new SqliteStore(db, undefined, { busyWaitMs: 3000 });
    await store.exec('CREATE TABLE t (x INTEGER)');
    const holder = new Database(path);
    holder.exec('BEGIN IMMEDIATE');
    holder.exec('INSERT INTO t VALUES (1)');
    const inserted = store.run('INSERT INTO t VALUES (2)');
    const transaction = store.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (3)');
    });
    // reads go on meanwhile
    expect(await store.all('SELECT x FROM t')).toEqual([]);
    setTimeout(() => holder.exec('COMMIT'), 300);
    expect(await inserted).toEqual({ changes: 1 });
    await transaction;
    expect((await store.all<{ x: number }>('SELECT x FROM t ORDER BY x')).map((row) => row.x)).toEqual([1, 2, 3]);
    holder.close();
    await store.close();
    (await import('node:fs')).rmSync(folder, { recursive: true, force: true });
  });
});
