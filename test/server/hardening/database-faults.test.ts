import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

describe('a locked database file', () => {
  it('answers a clear error instead of crashing, and serves again once the lock is gone', async () => {
    const v = await new Visitor(server.url).start();
    const intruder = new Database(server.databasePath);
    intruder.pragma('busy_timeout = 0');
    intruder.exec('BEGIN EXCLUSIVE');
    try {
      const answer = await v.post<{ message?: string }>('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.headers.get('content-type') ?? '').toContain('application/json');
      expect(typeof answer.body.message).toBe('string');
      expect(answer.text).not.toMatch(/SQLITE_BUSY|at .+\.ts:\d+/);
    } finally {
      intruder.exec('ROLLBACK');
      intruder.close();
    }
    const again = await v.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: variant.sku, quantity: 1 });
    expect(again.status).toBe(200);
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
  });
});
