/**
 * A product the owner hides (Visible unticked) is no longer sold: the cart, the subscription and
 * the gift card steps answer as for a product that does not exist, and its stock is not told, so
 * hiding reveals nothing. Carts that already held it keep it, lower or remove it and check it out, and take no more of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { serverMessages } from '../../server/messages.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

const mug = seededProduct('stoneware-mug');
const coffee = seededProduct('coffee-club');
const giftCard = seededProduct('gift-card');
const UNKNOWN_ID = '6570a1b2c3d4e5f6a7b8ffff';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function setVisible(productId: string, visible: boolean): Promise<void> {
  await server.app.deps.store.run('UPDATE products SET visible = ? WHERE id = ?', [visible ? 1 : 0, productId]);
}

async function shopper(): Promise<Visitor> {
  return new Visitor(server.url).start();
}

describe('a hidden product', () => {
  it('is refused by the cart as a product that does not exist, while a cart that held it keeps it and checks out', async () => {
    const sku = mug.variants[0]!.sku;
    const holder = await shopper();
    expect((await holder.post(API_PATHS.cartEntries, { itemId: mug.id, sku, quantity: 2 })).status).toBe(200);
    await setVisible(mug.id, false);
    try {
      const visitor = await shopper();
      const unknown = await visitor.post(API_PATHS.cartEntries, { itemId: UNKNOWN_ID, sku, quantity: 1 });
      const hidden = await visitor.post(API_PATHS.cartEntries, { itemId: mug.id, sku, quantity: 1 });
      expect(unknown.status).toBe(404);
      expect([hidden.status, hidden.text]).toEqual([unknown.status, unknown.text]);
      expect(visitor.cookies.has('CART')).toBe(false);
      // the holder cannot add it again either, but keeps the line, lowers it and buys it
      expect((await holder.post(API_PATHS.cartEntries, { itemId: mug.id, sku, quantity: 1 })).status).toBe(404);
      const cart = await holder.get<{ entries: Array<{ id: string; itemId: string }> }>(API_PATHS.cart);
      const line = cart.body.entries.find((entry) => entry.itemId === mug.id)!;
      expect(line).toBeDefined();
      // it takes no more of it (the owner stopped selling it), but may keep less
      const raised = await holder.put<{ message: string }>(API_PATHS.cartEntryQuantity(line.id), { quantity: 3 });
      expect([raised.status, raised.body.message]).toEqual([400, serverMessages.productNoLongerSold]);
      expect((await holder.put(API_PATHS.cartEntryQuantity(line.id), { quantity: 1 })).status).toBe(200);
      const placed = await placeOrderThroughCheckout(holder);
      expect(placed.status, placed.text).toBe(201);
    } finally {
      await setVisible(mug.id, true);
    }
  });

  it('has its stock answered as an unknown product', async () => {
    await setVisible(mug.id, false);
    try {
      const visitor = new Visitor(server.url);
      const unknown = await visitor.get(`${API_PATHS.stock}?itemId=${UNKNOWN_ID}`);
      const hidden = await visitor.get(`${API_PATHS.stock}?itemId=${mug.id}`);
      expect(unknown.status).toBe(404);
      expect([hidden.status, hidden.text]).toEqual([unknown.status, unknown.text]);
      // asked with a visible product, only the visible one is told
      const both = await visitor.get<{ results: Array<{ itemId: string }> }>(`${API_PATHS.stock}?itemId=${mug.id}&itemId=${coffee.id}`);
      expect(both.status).toBe(200);
      expect(new Set(both.body.results.map((result) => result.itemId))).toEqual(new Set([coffee.id]));
    } finally {
      await setVisible(mug.id, true);
    }
    expect((await new Visitor(server.url).get(`${API_PATHS.stock}?itemId=${mug.id}`)).status).toBe(200);
  });

  it('is not started as a subscription nor bought as a gift card', async () => {
    await setVisible(coffee.id, false);
    await setVisible(giftCard.id, false);
    try {
      const visitor = await shopper();
      const unknown = await visitor.post(API_PATHS.subscription, { itemId: UNKNOWN_ID, sku: coffee.variants[0]!.sku, qty: 1 });
      const subscription = await visitor.post(API_PATHS.subscription, { itemId: coffee.id, sku: coffee.variants[0]!.sku, qty: 1 });
      expect([subscription.status, subscription.text]).toEqual([unknown.status, unknown.text]);
      const sku = giftCard.variants[0]!.sku;
      expect((await visitor.get(`/checkout/gift-card?itemId=${giftCard.id}&sku=${sku}`)).status).toBe(404);
      const bought = await visitor.post('/checkout/gift-card', undefined, { form: { crumb: decodeURIComponent(visitor.crumb), itemId: giftCard.id, sku } });
      expect(bought.status).toBe(404);
    } finally {
      await setVisible(coffee.id, true);
      await setVisible(giftCard.id, true);
    }
  });
});
