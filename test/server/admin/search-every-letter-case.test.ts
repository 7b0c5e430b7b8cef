/**
 * The owner's and the shop's searches match every letter in either case, not only A–Z: SQLite's
 * own lower() changes only A–Z, so an order of "Łukasz Nowak" was not found by "łukasz", nor a
 * product "Émile Vase" by "émile" (PostgreSQL's lower() always did; both engines run this).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdminId } from '../../../server/db/admin-product-repository.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const now = Date.now();
  await server.app.deps.store.transaction(async (tx) => {
    for (const [number, name] of [[8001, 'Łukasz Nowak'], [8002, 'Zoë Müller-Łęcka'], [8003, 'Ada Lovelace']] as const) {
      const cartId = newAdminId();
      await tx.run('INSERT INTO carts (id, cookie_token, currency, is_purchased, created_on, updated_on) VALUES (?, ?, ?, 1, ?, ?)', [cartId, newAdminId(), 'USD', now, now]);
      await tx.run(
        `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents, shipping_cents,
           discount_cents, grand_total_cents, view_token, created_on, order_number, customer_email, customer_name, status)
         VALUES (?, ?, 'site', 1, 'USD', 100, 0, 0, 0, 100, ?, ?, ?, ?, ?, 'paid')`,
        [newAdminId(), cartId, newAdminId(), now, number, `buyer${number}@example.com`, name],
      );
    }
  });
  const created = await owner.post('/api/admin/products', productInput({ title: 'Émile Vase', variantOptions: [], variants: [{ sku: 'EMILE-1', priceCents: 4000, qtyInStock: 2, attributes: {} }] }));
  expect(created.status, created.text).toBe(201);
});
afterAll(async () => {
  await server.stop(true);
});

describe('a search by words with letters beyond A–Z', () => {
  it('finds an order by its customer\'s name in either case', async () => {
    const numbers = async (q: string) => (await owner.get<{ orders: Array<{ orderNumber: string }> }>(`/api/admin/orders?q=${encodeURIComponent(q)}`)).body.orders.map((order) => order.orderNumber);
    expect(await numbers('łukasz')).toEqual(['8001']);
    expect(await numbers('ŁUKASZ NOWAK')).toEqual(['8001']);
    expect(await numbers('łęcka')).toEqual(['8002']);
    expect(await numbers('ZOË')).toEqual(['8002']);
  });

  it('finds a product by its title in either case, in the admin and in the shop', async () => {
    const titles = async (q: string) => (await owner.get<{ products: Array<{ title: string }> }>(`/api/admin/products?q=${encodeURIComponent(q)}`)).body.products.map((product) => product.title);
    expect(await titles('émile')).toEqual(['Émile Vase']);
    const page = await (await fetch(`${server.url}/search?q=${encodeURIComponent('émile')}`)).text();
    expect(page).toContain('Émile Vase');
  });
});
