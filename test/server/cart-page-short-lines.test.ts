/**
 * The cart page after another shopper's order took what a line holds: the checkout refuses the
 * order and sends the shopper to the cart, which marks that line as the checkout's summary does
 * ("Only 1 left", "Sold out") until the quantity is one the stock covers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

/** The cart page's marks of short lines, as written. */
async function marks(visitor: Visitor): Promise<string[]> {
  const page = await visitor.get<string>('/cart');
  return [...page.text.matchAll(/<strong class="cart-row__stock">([^<]*)<\/strong>/g)].map((match) => match[1]!);
}

describe('the cart page', () => {
  it('marks a line the stock no longer covers, with what is left, and no other', async () => {
    const variant = mug.variants[0]!;
    const other = mug.variants[1]!;
    const shopper = await new Visitor(server.url).start();
    expect((await shopper.post(ENTRIES, { itemId: mug.id, sku: variant.sku, quantity: 2 })).status).toBe(200);
    expect((await shopper.post(ENTRIES, { itemId: mug.id, sku: other.sku, quantity: 1 })).status).toBe(200);
    expect(await marks(shopper)).toEqual([]);
    const store = server.app.deps.store;
    await store.run('UPDATE variants SET qty_in_stock = 1 WHERE sku = ?', [variant.sku]);
    expect(await marks(shopper)).toEqual([CHECKOUT.lineLeft(1)]);
    await store.run('UPDATE variants SET qty_in_stock = 0 WHERE sku = ?', [variant.sku]);
    expect(await marks(shopper)).toEqual([CHECKOUT.lineLeft(0)]);
    expect(CHECKOUT.lineLeft(0)).toBe('Sold out');
  });
});
