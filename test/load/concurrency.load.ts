import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/helpers/start-server.ts';
import { seededProduct, seededVariant } from '../server/helpers/fixtures.ts';
import { Visitor } from '../server/helpers/visitor.ts';
import { placeOrderThroughCheckout } from '../server/helpers/checkout.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const CONCURRENT = 200;

let server: RunningServer;
beforeAll(async () => {
  // The flood limit is lifted here so the stock race is what decides; the 429 test uses its own instance.
  server = await startServer({ rateLimits: { addToCart: 100000, cartChange: 100000, checkout: 100000, checkoutQuote: 100000, windowMs: 60000 } });
});
afterAll(async () => {
  await server.stop(true);
});

async function setStock(quantity: number): Promise<void> {
  await server.app.deps.store.run('UPDATE variants SET qty_in_stock = ? WHERE id = ?', [quantity, variant.id]);
}
async function stock(): Promise<number> {
  return Number((await server.app.deps.store.get<{ n: number }>('SELECT qty_in_stock AS n FROM variants WHERE id = ?', [variant.id]))?.n);
}
/** Sums come back as text from PostgreSQL (a bigint): read as a number on both engines. */
async function soldQuantity(): Promise<number> {
  return Number((await server.app.deps.store.get<{ n: number | string }>('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_items WHERE variant_id = ?', [variant.id]))?.n);
}

describe('stock of 5 under 200 concurrent buyers', () => {
  it('never lets one cart hold more than the stock, however many adds race', async () => {
    await setStock(5);
    const v = await new Visitor(server.url).start();
    // The first add creates the cart; the rest race on it.
    expect((await v.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => v.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })));
    expect(answers.every((answer) => answer.status === 200 || (answer.status >= 400 && answer.status < 500))).toBe(true);
    const { store } = server.app.deps;
    const cartId = (await store.get<{ cart_id: string }>('SELECT cart_id FROM cart_entries WHERE variant_id = ? ORDER BY created_on DESC LIMIT 1', [variant.id]))?.cart_id ?? null;
    const held = Number((await store.get<{ n: number | string }>('SELECT SUM(quantity) AS n FROM cart_entries WHERE cart_id = ?', [cartId]))?.n);
    expect(held).toBeLessThanOrEqual(5);
    expect(held).toBe(1 + answers.filter((answer) => answer.status === 200).length);
  });

  it('sells exactly the stock when 200 visitors add and check out at once', async () => {
    await setStock(5);
    const soldBefore = await soldQuantity();
    const visitors = await Promise.all(Array.from({ length: CONCURRENT }, () => new Visitor(server.url).start()));
    const added = await Promise.all(visitors.map((v) => v.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })));
    expect(added.every((answer) => answer.status === 200 || (answer.status >= 400 && answer.status < 500))).toBe(true);
    const buyers = visitors.filter((_, index) => added[index]?.status === 200);
    const checkouts = await Promise.all(buyers.map((v) => placeOrderThroughCheckout(v)));
    expect(checkouts.every((answer) => answer.status < 500)).toBe(true);
    const sold = await soldQuantity() - soldBefore;
    expect(sold).toBe(Math.min(5, buyers.length));
    expect(await stock()).toBe(5 - sold);
    expect(await stock()).toBeGreaterThanOrEqual(0);
  });
});

describe('one cart updated concurrently', () => {
  it('loses no addition', async () => {
    await setStock(100000);
    const v = await new Visitor(server.url).start();
    expect((await v.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => v.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 2 })));
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    const cart = await v.get<{ totalQuantity: number }>('/api/commerce/shopping-cart');
    expect(cart.body.totalQuantity).toBe(1 + 50 * 2);
  });
});

describe('flooding', () => {
  it('answers 429 with a JSON message past the budget and keeps serving pages meanwhile', async () => {
    const limited = await startServer({ rateLimits: { addToCart: 20, windowMs: 60000 } });
    try {
      const v = await new Visitor(limited.url).start();
      const deadline = Date.now() + 20000;
      const flood = Promise.all(Array.from({ length: 150 }, () => v.post<{ message?: string }>(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })));
      const pages = Promise.all(Array.from({ length: 10 }, () => fetch(`${limited.url}/shop`).then((response) => response.status)));
      const [answers, pageStatuses] = await Promise.all([flood, pages]);
      expect(Date.now()).toBeLessThan(deadline);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(150 - 20);
      expect(refused.every((answer) => typeof answer.body.message === 'string')).toBe(true);
      expect(pageStatuses.every((status) => status === 200)).toBe(true);
      expect((await fetch(`${limited.url}/`)).status).toBe(200);
    } finally {
      await limited.stop(true);
    }
  });
});
