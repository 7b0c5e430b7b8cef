/**
 * The orders export holds every order the filters find, however many: a grown shop's accounts need
 * its whole history, and the export streams in batches, so nothing is gained by a cap (one of
 * 10 000 used to leave the oldest orders out of the file without a word).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdminId } from '../../../server/db/admin-product-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

const ORDER_COUNT = 10_050;
const FIRST_NUMBER = 50_000;

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const start = Date.UTC(2024, 0, 1);
  await server.app.deps.store.transaction(async (tx) => {
    for (let i = 0; i < ORDER_COUNT; i++) {
      const cartId = newAdminId();
      const on = start + i * 60_000;
      await tx.run('INSERT INTO carts (id, cookie_token, currency, is_purchased, created_on, updated_on) VALUES (?, ?, ?, 1, ?, ?)',
        [cartId, newAdminId(), 'USD', on, on]);
      await tx.run(
        `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents, shipping_cents,
           discount_cents, grand_total_cents, view_token, created_on, order_number, customer_email, status)
         VALUES (?, ?, 'site', 1, 'USD', 500, 0, 0, 0, 500, ?, ?, ?, 'bulk@example.com', 'fulfilled')`,
        [newAdminId(), cartId, newAdminId(), on, FIRST_NUMBER + i],
      );
    }
  });
}, 120_000);
afterAll(async () => {
  await server.stop(true);
});

describe('the orders export of a grown shop', () => {
  it('writes every order, the oldest included', async () => {
    const csv = await owner.get<string>('/api/admin/orders.csv?q=bulk%40example.com');
    expect(csv.status).toBe(200);
    const rows = parse(csv.text, { columns: true, bom: true }) as Array<Record<string, string>>;
    const numbers = new Set(rows.map((row) => row['number']));
    expect(numbers.size).toBe(ORDER_COUNT);
    expect(numbers.has(String(FIRST_NUMBER))).toBe(true);
    expect(numbers.has(String(FIRST_NUMBER + ORDER_COUNT - 1))).toBe(true);
  }, 120_000);
});
