/**
 * The orders export of a shop with thousands of orders: written as it is read, a batch of orders
 * at a time, newest first, each order once, however the batches fall among orders placed in the
 * same millisecond.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdminId } from '../../../server/db/admin-product-repository.ts';
import { EXPORT_BATCH } from '../../../server/admin/order-calls.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
const ORDERS = EXPORT_BATCH * 2 + 100;
const PLACED = Date.UTC(2026, 0, 5);

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  await server.app.deps.store.transaction(async (tx) => {
    for (let index = 0; index < ORDERS; index++) {
      const cartId = newAdminId();
      const orderId = newAdminId();
      // three orders a millisecond, so a batch ends among orders of one time
      const placed = PLACED + Math.floor(index / 3);
      await tx.run('INSERT INTO carts (id, cookie_token, currency, is_purchased, created_on, updated_on) VALUES (?, ?, ?, 1, ?, ?)',
        [cartId, newAdminId(), 'USD', placed, placed]);
      await tx.run(
        `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents, shipping_cents,
           discount_cents, grand_total_cents, view_token, created_on, order_number, customer_email)
         VALUES (?, ?, 'site', 1, 'USD', 1000, 0, 0, 0, 1000, ?, ?, ?, ?)`,
        [orderId, cartId, newAdminId(), placed, 50_000 + index, `buyer${index}@example.com`],
      );
      await tx.run(
        `INSERT INTO order_items (id, order_id, product_id, variant_id, sku, product_name, quantity, unit_price_cents, product_type)
         VALUES (?, ?, 'p', 'v', 'MUG-1', 'Mug', 1, 1000, 1)`,
        [newAdminId(), orderId],
      );
    }
  });
});
afterAll(async () => {
  await server.stop(true);
});

describe('the orders export of a large shop', () => {
  it('is sent as it is read, every order once, newest first', async () => {
    const answer = await owner.get<string>('/api/admin/orders.csv', { headers: { 'accept-encoding': 'identity' } });
    expect(answer.status).toBe(200);
    // streamed: no length known before the last batch is read
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.headers.get('content-disposition')).toContain('orders.csv');
    // UTF-8's byte order mark first, so Excel opening the file reads names such as "Zoë" as written
    expect([...answer.bytes!.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'i'.charCodeAt(0)]);
    const [header, ...rows] = parse(answer.text) as string[][];
    const number = header!.indexOf('number');
    const date = header!.indexOf('date');
    const numbers = rows.map((row) => Number(row[number]));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.filter((value) => value >= 50_000)).toHaveLength(ORDERS);
    const times = rows.map((row) => Date.parse(row[date]!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
