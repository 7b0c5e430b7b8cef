/**
 * Reads that run on every order detail, orders page, export, stock history, admin product page and
 * new product go through an index
 * on both engines (migration 140), so they cost the same with tens of thousands of orders and
 * thousands of products as with a handful.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSession } from '../../server/db/store.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

/** The engine's plan for a query, as one text. PostgreSQL is told to prefer any index it has, as it does once a table is large. */
async function planOf(sql: string, params: readonly string[]): Promise<string> {
  const store = server.app.deps.store;
  if (store.dialect === 'sqlite') {
    const rows = await store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params);
    return rows.map((row) => row.detail).join('\n');
  }
  return store.transaction(async (tx: StoreSession) => {
    await tx.run('SET LOCAL enable_seqscan = off');
    const rows = await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('indexes of a large store', () => {
  it("reads an order's lines through an index", async () => {
    // the order detail, a cancel or refund (its lines), the orders list's counts and the export
    expect(await planOf('SELECT * FROM order_items WHERE order_id = ? ORDER BY rowid', ['o1'])).toContain('order_items_by_order');
    expect(await planOf('SELECT order_id, quantity FROM order_items WHERE order_id IN (?, ?)', ['o1', 'o2'])).toContain('order_items_by_order');
  });

  it("reads a variant's sales through an index", async () => {
    // its stock history in the admin
    expect(await planOf(
      'SELECT i.quantity, o.created_on FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.variant_id = ? ORDER BY o.created_on DESC LIMIT 200', ['v1'],
    )).toContain('order_items_by_variant');
  });

  it("pages through the admin's product list in its order through an index", async () => {
    expect(await planOf('SELECT * FROM products ORDER BY display_order, id LIMIT 51 OFFSET 50', [])).toContain('products_by_shop_order');
  });

  it("finds the shop's first place and its order through an index", async () => {
    // each new product (the editor, every row of an import) takes the place before the first
    expect(await planOf('SELECT MIN(display_order) AS n FROM products WHERE collection_id = ?', ['c1'])).toContain('products_by_collection_order');
    // the shop's members in order, as its listing reads them after each write (migration 144's index, visibility and all)
    expect(await planOf('SELECT id FROM products WHERE collection_id = ? AND visible = 1 ORDER BY display_order, id', ['c1'])).toContain('products_listed_order');
  });
});
