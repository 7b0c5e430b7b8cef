import pg from 'pg';
import { PostgresStore } from '../../server/db/postgres-store.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../server/messages.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { ON_POSTGRES } from './helpers/test-database.ts';
import { Visitor } from './helpers/visitor.ts';

/**
 * A table another session keeps locked on PostgreSQL (an administrator's LOCK TABLE, a long
 * migration) past the statement timeout: the database answers all along, so the requests that
 * waited answer "the store is busy" (503, Retry-After), never a 500 with a stack, and the log says
 * it is busy, never that it is unreachable. The statement timeout is short here (1.5 s, 15 s served).
 */
const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const TIMEOUT_MS = 1500;

describe.skipIf(!ON_POSTGRES)('a PostgreSQL table locked past the statement timeout', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ postgresStatementTimeoutMs: TIMEOUT_MS });
  });
  afterAll(async () => {
    await server?.stop(true);
  });

  it('answers the writes and pages that waited 503 busy, keeps the health check at 200, and logs busy, not unreachable', async () => {
    const v = await new Visitor(server.url).start();
    const add = () => v.post<{ message?: string }>('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
    expect((await add()).status).toBe(200);
    const locker = new pg.Client({ connectionString: server.app.deps.options.databaseUrl });
    await locker.connect();
    const errors = vi.spyOn(server.app.deps.log, 'error');
    const warnings = vi.spyOn(server.app.deps.log, 'warn');
    const infos = vi.spyOn(server.app.deps.log, 'info');
    let locked = true;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE variants, cart_entries IN ACCESS EXCLUSIVE MODE');
      const answers = await Promise.all([add(), add(), add()]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('30');
        expect(answer.body).toEqual({ message: serverMessages.storeBusy });
        expect(answer.text).not.toMatch(/57014|statement timeout|at .+\.ts:\d+/);
      }
      // a page that reads the locked table: the busy page, which needs nothing from the store
      const page = await fetch(`${server.url}/shop/p/${shirt.urlId}`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('30');
      const html = await page.text();
      expect(html).toContain(serverMessages.storeBusy);
      expect(html).not.toContain(serverMessages.outageText);
      // the server answers: the process stays in the balancer
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      await locker.query('COMMIT');
      locked = false;
      expect((await add()).status).toBe(200);
      // served in time once nothing has waited too long for 5 s: the spell is over, in one line
      await new Promise((resolve) => setTimeout(resolve, 5200));
      expect((await add()).status).toBe(200);
      expect(infos.mock.calls.filter(([, message]) => message === serverMessages.databaseBusyEndedLog)).toHaveLength(1);
      const messages = errors.mock.calls.map(([, message]) => message);
      expect(messages.filter((message) => message === serverMessages.databaseBusyLog)).toHaveLength(1);
      expect(messages).not.toContain(serverMessages.databaseUnreachableLog);
      expect(messages).not.toContain('call failed');
      expect(messages).not.toContain('page failed');
      expect(String((errors.mock.calls.find(([, message]) => message === serverMessages.databaseBusyLog)![0] as { code?: unknown }).code)).toBe('57014');
      expect(JSON.stringify([...errors.mock.calls, ...warnings.mock.calls])).not.toMatch(/"stack"/);
    } finally {
      if (locked) await locker.query('ROLLBACK').catch(() => {});
      await locker.end();
      errors.mockRestore();
      warnings.mockRestore();
      infos.mockRestore();
    }
  });

  it('answers the health check at once while every connection of the pool waits on the lock, by a connection of its own', async () => {
    const small = await startServer({ postgresStatementTimeoutMs: 3000, databasePoolSize: 1 });
    const locker = new pg.Client({ connectionString: small.app.deps.options.databaseUrl });
    await locker.connect();
    try {
      const v = await new Visitor(small.url).start();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE variants, cart_entries IN ACCESS EXCLUSIVE MODE');
      const add = v.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const asked = Date.now();
      const health = await fetch(`${small.url}/api/health`);
      expect(health.status).toBe(200);
      expect(Date.now() - asked).toBeLessThan(1000);
      expect((await add).status).toBe(503);
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      await locker.end();
      await small.stop(true);
    }
  });

  it('ends a busy spell once nothing has waited too long for a while, not while a statement still waits on the lock', async () => {
    const connectionString = server.app.deps.options.databaseUrl!;
    const said: string[] = [];
    const store = new PostgresStore({ connectionString, statementTimeoutMs: 1500, busyQuietMs: 500, onBusy: () => said.push('busy'), onEased: () => said.push('eased') });
    const locker = new pg.Client({ connectionString });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE variants IN ACCESS EXCLUSIVE MODE');
      await expect(store.get('SELECT COUNT(*) FROM variants')).rejects.toMatchObject({ code: '57014' });
      expect(said).toEqual(['busy']);
      const waiting = store.get('SELECT COUNT(*) FROM variants');
      await new Promise((resolve) => setTimeout(resolve, 800));
      // served in time, past the quiet time, while another statement still waits on the lock: still busy
      expect(await store.get('SELECT 1 AS one')).toEqual({ one: 1 });
      expect(said).toEqual(['busy']);
      await locker.query('COMMIT');
      await waiting;
      expect(said).toEqual(['busy', 'eased']);
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      await locker.end();
      await store.close();
    }
  });
});
